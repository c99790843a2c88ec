// expect: unsafe
// expect-line: 27
// expect-engines: kinduction bkind auto
// As poly_egcd_safe.c without the assertions in the loop and with a sign
// flipped after it: the prover has no candidate and gives up; the base
// case finds x == y, where the loop ends at once and q*r - p*s - 1 is -2.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
void abort(void);
void assume_abort_if_not(int c) { if (!c) abort(); }
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  long long a, b, p, q, r, s;
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  assume_abort_if_not(x >= 1);
  assume_abort_if_not(y >= 1);
  a = x; b = y; p = 1; q = 0; r = 0; s = 1;
  while (1) {
    if (!(a != b))
      break;
    if (a > b) {
      a = a - b; p = p - q; r = r - s;
    } else {
      b = b - a; q = q - p; s = s - r;
    }
  }
  __VERIFIER_assert(q * r - p * s - 1 == 0);
  return 0;
}
