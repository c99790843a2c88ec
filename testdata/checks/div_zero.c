// checks div-by-zero: unsafe div-by-zero 9
// checks overflow: safe
// checks assertions: safe
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int d = __VERIFIER_nondet_int();
  int r = 0;
  if (d > -5)
    r = 100 / d;
  return r;
}
