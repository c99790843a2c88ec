// expect: safe
/* A block of a symbolic size filled from a string (cJSON's strdup): the
 * copy is bounded by the source's size. */
#include <stdlib.h>
#include <string.h>
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);
int main(void) {
  char s[4] = "abc";
  unsigned int len = __VERIFIER_nondet_uint();
  __VERIFIER_assume(len >= 1 && len <= 4);
  char *copy = malloc(len);
  memcpy(copy, s, len);
  __VERIFIER_assert(copy[0] == 'a');
  return 0;
}
