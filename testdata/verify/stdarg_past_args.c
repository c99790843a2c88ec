// expect: unknown
/* A format that asks for more arguments than the call passed: what
   va_arg then reads is not known (prbmc does not guess it). */
#include <stdarg.h>
extern void __VERIFIER_assert(int);
static int first(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int v = fmt[0] == 'd' ? va_arg(ap, int) : 0;
  va_end(ap);
  return v;
}
int main(void) {
  __VERIFIER_assert(first("d") != 12345);
  return 0;
}
