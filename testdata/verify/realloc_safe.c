// expect: safe
/* realloc (the library model) keeps the old block's first bytes when it
   grows or shrinks a block, whether the old block's size is a constant
   or computed (a copy of a symbolic size between two blocks of symbolic
   sizes). */
#include <stdlib.h>
#include <string.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main(void) {
  char *p = malloc(4);
  memcpy(p, "abc", 4);
  unsigned n = __VERIFIER_nondet_uint();
  if (n < 2 || n > 10)
    return 0;
  char *q = realloc(p, n);
  __VERIFIER_assert(q[0] == 'a' && q[1] == 'b');
  if (n >= 4)
    __VERIFIER_assert(q[3] == 0);
  unsigned m = __VERIFIER_nondet_uint();
  if (m < 1 || m > 8)
    return 0;
  char *r = malloc(m);
  memset(r, 'x', m);
  char *s = realloc(r, n);
  __VERIFIER_assert(s[0] == 'x');
  if (n <= m)
    __VERIFIER_assert(s[n - 1] == 'x');
  free(q);
  free(s);
  return 0;
}
