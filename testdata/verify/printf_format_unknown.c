// expect: unknown
// expect-engines: incremental auto intervals
/* printf with a format that is not a literal may hold %n, which writes
 * memory: unknown under every engine, the interval proof included. */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
const char *formats[2] = {"%d\n", "%n"};
int main(void) {
  int i = __VERIFIER_nondet_int() & 1;
  int x = 0;
  printf(formats[i], &x);
  return 0;
}
