// expect: unsafe
// expect-line: 16
// expect-value: n = 3
/* A bug only some copy lengths show: with n >= 3 the third byte is
 * copied. */
#include <string.h>
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);
int main(void) {
  char src[8] = "abcdefg";
  char dst[8] = {0};
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 3);
  memcpy(dst, src, n);
  __VERIFIER_assert(dst[2] != 'c');
  return 0;
}
