// expect: safe
// <math.h>'s classification macros (gcc built-ins) agree with the values.
#include <assert.h>
#include <float.h>
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  float f = __VERIFIER_nondet_float();
  assert(!isnan(x) == (x == x));
  assert(isfinite(x) || isinf(x) || isnan(x));
  assert(!(isfinite(x) && isinf(x)));
  if (isnormal(x)) assert(fpclassify(x) == FP_NORMAL && x != 0);
  if (x == 0) assert(fpclassify(x) == FP_ZERO);
  if (x > 0) assert(!signbit(x));
  if (x < 0) assert(signbit(x));
  if (isinf(f) < 0) assert(f < -FLT_MAX);
  if (fpclassify(f) == FP_SUBNORMAL) assert(f != 0 && f < FLT_MIN && f > -FLT_MIN);
  assert((isunordered(x, 1.0) != 0) == (isnan(x) != 0));
  assert(signbit(-0.0) && !signbit(0.0));
  assert(isinf(HUGE_VAL) == 1 && isinf(-INFINITY) == -1 && isnan(NAN));
  return 0;
}
