// expect: safe
/* cJSON's pattern: a global struct of hooks initialised with the library's
   allocation functions, called through the struct. realloc has no body and
   no model: it is a candidate of no call here, so it is never reached. */
#include <stdlib.h>
void reach_error(void);
typedef struct {
  void *(*allocate)(size_t size);
  void (*deallocate)(void *pointer);
  void *(*reallocate)(void *pointer, size_t size);
} internal_hooks;
static internal_hooks global_hooks = {malloc, free, realloc};
static char *dup3(const char *s) {
  char *p = (char *)global_hooks.allocate(4);
  for (int i = 0; i < 3; i++) p[i] = s[i];
  p[3] = 0;
  return p;
}
int main(void) {
  char *d = dup3("abc");
  if (d[0] != 'a' || d[2] != 'c' || d[3] != 0) reach_error();
  global_hooks.deallocate(d);
  return 0;
}
