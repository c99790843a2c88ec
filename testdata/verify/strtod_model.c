// expect: unsafe
// expect-line: 17
/* strtod's model: digits never give a NaN (the first assertion holds);
   "nan" can (the second fails); end stays inside the string. */
#include <stdlib.h>
extern void __VERIFIER_assert(int);
int main(void) {
  char digits[] = "12.5";
  char *end;
  double x = strtod(digits, &end);
  __VERIFIER_assert(x == x);
  __VERIFIER_assert(end >= digits && end <= digits + 4);
  char nan[] = " -nan";
  double y = strtod(nan, 0);
  float z = strtof(digits, 0);
  __VERIFIER_assert(z == z);
  __VERIFIER_assert(y == y);
  return 0;
}
