// A double free on one path; free(NULL) is fine.
// checks pointer: unsafe pointer 11
// checks assertions: safe
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *p = malloc(8);
  char *q = malloc(8);
  free(0);
  if (__VERIFIER_nondet_int()) free(p);
  free(p);
  free(q);
  return 0;
}
