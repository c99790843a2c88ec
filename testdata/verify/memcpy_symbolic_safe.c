// expect: safe
// expect-engines: incremental kinduction auto
/* memcpy and memset of a symbolic size inside the objects: the first n
 * bytes are copied (set), the rest kept. */
#include <string.h>
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);
int main(void) {
  char src[8] = "abcdefg";
  char dst[8] = "0123456";
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 8);
  memcpy(dst, src, n);
  if (n > 2) __VERIFIER_assert(dst[2] == 'c');
  if (n <= 5) __VERIFIER_assert(dst[5] == '5');
  memset(dst, 'z', n);
  if (n == 8) __VERIFIER_assert(dst[7] == 'z');
  if (n < 7) __VERIFIER_assert(dst[7] == 0);
  return 0;
}
