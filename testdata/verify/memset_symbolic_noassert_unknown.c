// expect: unknown
// expect-engines: incremental auto intervals
/* A memset of up to 8 bytes into 4: with no assertion at all, the
 * interval proof (auto's first step) used to call this safe, since it
 * does not execute memory; symbolic execution finds the copy may leave
 * its object, which it does not model: unknown, never safe. */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char b[4];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 8)
    return 0;
  memset(b, 0, n);
  return b[0];
}
