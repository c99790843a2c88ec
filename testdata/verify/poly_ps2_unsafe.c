// expect: unsafe
// expect-line: 14
// expect-engines: kinduction bkind auto
// As poly_ps2_safe.c with x growing by one too many: the candidate is not
// preserved, the prover gives up, and the base case finds the failure at
// the second arrival at the head (y = 1, x = 2).
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  long long y = 0, x = 0, c = 0;
  while (1) {
    __VERIFIER_assert(y * y - 2 * x + y == 0);
    if (!(c < k))
      break;
    c = c + 1;
    y = y + 1;
    x = y + x + 1;
  }
  return 0;
}
