// The same increment, guarded: no overflow; the subtraction of two
// values of opposite signs overflows.
// checks overflow: unsafe overflow 12
// checks div-by-zero,bounds: safe
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x < 2147483647)
    x = x + 1;
  if (y > 0)
    return x - y;
  return 0;
}
