// expect: safe
// expect-engines: kinduction auto
// nla-digbench's prodbin: z + x*y == a*b through y's halving. y/2 is
// exact on both paths (y - 1 after y%2 == 1; y%2 != 1 with y >= 0, a
// bound the prover proves from b >= 1), which the invariant needs.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
void abort(void);
void assume_abort_if_not(int c) { if (!c) abort(); }
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  long long x, y, z;
  assume_abort_if_not(b >= 1);
  x = a; y = b; z = 0;
  while (1) {
    __VERIFIER_assert(z + x * y == (long long)a * b);
    if (!(y != 0))
      break;
    if (y % 2 == 1) {
      z = z + x;
      y = y - 1;
    }
    x = 2 * x;
    y = y / 2;
  }
  __VERIFIER_assert(z == (long long)a * b);
  return 0;
}
