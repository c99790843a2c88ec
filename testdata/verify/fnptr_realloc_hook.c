// expect: safe
/* cJSON's hooks: a global {malloc, free, realloc} called through its
   pointers reaches the realloc model, which keeps the block's bytes. */
#include <stdlib.h>
void reach_error(void);
struct hooks { void *(*reallocate)(void *, size_t); };
static struct hooks h = {realloc};
int main(void) {
  char *p = h.reallocate(0, 4);
  if (!p) return 0;
  p[0] = 1;
  p = h.reallocate(p, 8);
  if (p[0] != 1) reach_error();
  free(p);
  return 0;
}
