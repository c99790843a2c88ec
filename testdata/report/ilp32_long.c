// A bug only under the ILP32 data model (prbmc verify --data-model ILP32):
// with a 32-bit long, x = -1 makes y wrap to 0. The reproducer must be
// compiled with gcc -m32 to fail.
#include <assert.h>
extern long __VERIFIER_nondet_long(void);
int main(void) {
  long x = __VERIFIER_nondet_long();
  unsigned long y = (unsigned long)x + 1;
  assert(y != 0 || sizeof(long) != 4);
  return 0;
}
