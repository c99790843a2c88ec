// expect: unknown
/* A copy of any length may run past dst: not modelled, so unknown — never
 * safe. */
#include <string.h>
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main(void) {
  char src[8] = "abcdefg";
  char dst[8] = {0};
  unsigned int n = __VERIFIER_nondet_uint();
  memcpy(dst, src, n);
  __VERIFIER_assert(dst[0] == 0 || dst[0] == 'a');
  return 0;
}
