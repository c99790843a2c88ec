// INT_MIN / -1 overflows (and INT_MIN % -1 is undefined with it).
// checks overflow: unsafe overflow 10
// checks div-by-zero: safe
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int r = 0;
  if (y < 0)
    r = x % y;
  return r;
}
