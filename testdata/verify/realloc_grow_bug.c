// expect: unsafe
// expect-line: 20
/* realloc (the library model) leaves the bytes past the old block's end
   uninitialised: reading one as if the copy had filled it fails when the
   block grows. */
#include <stdlib.h>
#include <string.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned m = __VERIFIER_nondet_uint();
  if (m < 1 || m > 8)
    return 0;
  char *r = malloc(m);
  memset(r, 'x', m);
  unsigned n = __VERIFIER_nondet_uint();
  if (n < 1 || n > 12)
    return 0;
  char *s = realloc(r, n);
  __VERIFIER_assert(s[n - 1] == 'x');
  free(s);
  return 0;
}
