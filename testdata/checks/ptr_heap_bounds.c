// Pointer arithmetic to one past the end is fine; reading there is not.
// checks pointer: unsafe pointer 12
// checks bounds,overflow: safe
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = 4;
  int *a = malloc(n * sizeof(int));
  int *end = a + n;
  for (int *q = a; q < end; q++)
    *q = 0;
  return *end;
}
