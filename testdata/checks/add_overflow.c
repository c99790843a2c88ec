// The classic: x + 1 overflows at INT_MAX.
// checks assertions: safe
// checks overflow: unsafe overflow 7
// checks all: unsafe overflow 7
extern int __VERIFIER_nondet_int(void);
int inc(int x) {
  return x + 1;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  return inc(x) > 0;
}
