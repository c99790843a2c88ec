// expect: unsafe
// expect-line: 10
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x * 2;
  if (x > 10) {
    y -= 1;
    assert(y % 2 == 0);
  }
  return 0;
}
