// expect: safe
// expect-engines: kinduction bkind auto
// nla-digbench's ps2: y*y - 2*x + y == 0 is inductive, but every solver
// query with the 64-bit multiplication in it times out; the algebraic
// prover keeps it (an identity over the integers) and proves both
// assertions without a solver.
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
    x = y + x;
  }
  __VERIFIER_assert(y * y - 2 * x + y == 0);
  return 0;
}
