// free of a pointer into the middle of a block, or of a local.
// checks pointer: unsafe pointer 9
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *q = malloc(8);
  int local = 0;
  int c = __VERIFIER_nondet_int();
  if (c == 1) free(&local);
  if (c == 2) free(q + 1);
  free(q);
  return 0;
}
