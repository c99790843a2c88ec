// expect: unsafe
// expect-line: 25
/* va_arg reads the arguments a call passed, in order: the sum of what
   the caller passes is known exactly, and a wrong expectation about it
   fails. */
#include <stdarg.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
static int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  if (a < 0 || a > 100 || b < 0 || b > 100)
    return 0;
  int s = sum(3, a, b, 7);
  __VERIFIER_assert(s == a + b + 7);
  __VERIFIER_assert(sum(0) == 0);
  __VERIFIER_assert(s != 207);
  return 0;
}
