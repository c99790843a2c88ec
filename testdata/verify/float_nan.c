// expect: unsafe
// expect-line: 8
extern float __VERIFIER_nondet_float(void);
void reach_error(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  /* only NaN is unequal to itself */
  if (x != x) reach_error();
  return 0;
}
