// -INT_MIN overflows.
// checks overflow: unsafe overflow 7
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0)
    x = -x;
  return x;
}
