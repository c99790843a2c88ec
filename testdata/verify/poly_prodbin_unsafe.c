// expect: unsafe
// expect-line: 16
// expect-engines: kinduction auto
// As poly_prodbin_safe.c without b >= 1: for b = -1, y%2 is -1, y/2
// truncates to 0 and the invariant breaks at the second arrival. The
// prover cannot show y even and gives up; the base case finds it (a is 1
// here: with a symbolic, the base case's 64-bit products time out).
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int a = 1, b = __VERIFIER_nondet_int();
  long long x, y, z;
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
  return 0;
}
