// A shift count of 32 or more is undefined even for unsigned operands.
// checks overflow: unsafe overflow 9
// checks assertions,bounds,div-by-zero,pointer: safe
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  unsigned u = 1u;
  if (n >= 0 && n <= 32)
    u = u << n;
  return (int)(u & 1u);
}
