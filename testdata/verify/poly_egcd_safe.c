// expect: safe
// expect-engines: kinduction bkind auto
// nla-digbench's egcd: the three equalities asserted in the loop are
// inductive only together (a's changes by b's), and imply the assertions
// after it with the exit condition a == b.
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
    __VERIFIER_assert(1 == p * s - r * q);
    __VERIFIER_assert(a == y * r + x * p);
    __VERIFIER_assert(b == x * q + y * s);
    if (!(a != b))
      break;
    if (a > b) {
      a = a - b; p = p - q; r = r - s;
    } else {
      b = b - a; q = q - p; s = s - r;
    }
  }
  __VERIFIER_assert(a - b == 0);
  __VERIFIER_assert(p * x + r * y - b == 0);
  __VERIFIER_assert(q * r - p * s + 1 == 0);
  __VERIFIER_assert(q * x + s * y - b == 0);
  return 0;
}
