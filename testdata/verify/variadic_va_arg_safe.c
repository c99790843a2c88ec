// expect: safe
// Reading variadic arguments (va_start, va_arg): the sum of what the call
// passes.
#include <assert.h>
#include <stdarg.h>
static int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, int);
  va_end(ap);
  return s;
}
int main(void) {
  assert(sum(2, 3, 4) == 7);
  return 0;
}
