// Defined shifts: nonnegative values that stay representable, right shifts
// of negative values (implementation-defined, not undefined).
// checks all: safe
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  int r = 0;
  if (x >= 0 && x < 1000 && n >= 0 && n < 20)
    r = x << n;
  if (n >= 0 && n < 32)
    r += x >> n;
  return r;
}
