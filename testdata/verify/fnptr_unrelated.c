// expect: unsafe
// expect-line: 18
/* A global initialiser with function addresses (realloc has no body) does
   not make unrelated code unknown: main never calls through the hooks. */
#include <stdlib.h>
void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
struct hooks { void *(*allocate)(size_t); void *(*reallocate)(void *, size_t); };
static struct hooks h = {malloc, realloc};
void *grow(void *p, size_t n) { return h.reallocate(p, n); }
static unsigned sum(unsigned n) {
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++) s += i;
  return s;
}
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n < 10 && sum(n) == 28) reach_error();
  return 0;
}
