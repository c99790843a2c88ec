// A double converted to int out of range is undefined (C11 6.3.1.4p1);
// in range, and after a range test, it is not.
// checks overflow: unsafe overflow 12
// checks assertions: safe
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double d = __VERIFIER_nondet_double();
  int r = 0;
  if (d > -100.0 && d < 100.0)
    r = (int)d;
  if (d > 1e9)
    r = (int)d;
  return r;
}
