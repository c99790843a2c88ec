// expect: unknown
/* A call through a pointer that reaches a function without a body or a
   model (grow, declared only) is unknown under prbmc verify, as a direct
   call is. */
#include <stdlib.h>
void reach_error(void);
void *grow(void *, size_t);
struct hooks { void *(*reallocate)(void *, size_t); };
static struct hooks h = {grow};
int main(void) {
  char *p = h.reallocate(0, 4);
  if (!p) return 0;
  p[0] = 1;
  if (p[0] != 1) reach_error();
  return 0;
}
