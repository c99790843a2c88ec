// expect: unsafe
// expect-line: 10
// A finite double can exceed 1e308.
#include <assert.h>
#include <math.h>
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (isfinite(x) && x > 0)
    assert(x < 1e308);
  return 0;
}
