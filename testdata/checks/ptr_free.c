// Use after free, on the path where the block was freed.
// checks pointer: unsafe pointer 11
// checks all: unsafe pointer 11
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(2 * sizeof(int));
  p[0] = 1;
  p[1] = 2;
  if (__VERIFIER_nondet_int()) free(p);
  return p[1];
}
