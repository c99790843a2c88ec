// expect: unsafe
// expect-line: 9
/* malloc'd memory is not zeroed: reading it before writing may give any
   value (calloc's is zero). */
#include <stdlib.h>
void reach_error(void);
int main(void) {
  int *p = malloc(4 * sizeof(int));
  if (p[2] == 9) reach_error();
  int *q = calloc(4, sizeof(int));
  if (q[2] != 0) reach_error();
  return 0;
}
