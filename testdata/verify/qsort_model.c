// expect: unsafe
// expect-line: 20
/* qsort and bsearch call the comparator through a pointer (the library
   models): after sorting, the array is in order and bsearch finds an
   element that is there (both assertions hold); the comparator divides
   by the difference of two elements, which two equal inputs make zero. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
static int asc(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}
static int ratio_cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  if (x < -1000 || x > 1000 || y < -1000 || y > 1000)
    return 0;
  int d = x - y;
  if (d == 0)
    __VERIFIER_assert(0);
  return 100 / d;
}
int main(void) {
  int v[3];
  for (int i = 0; i < 3; i++)
    v[i] = __VERIFIER_nondet_int();
  qsort(v, 3, sizeof v[0], asc);
  __VERIFIER_assert(v[0] <= v[1] && v[1] <= v[2]);
  int *hit = bsearch(&v[1], v, 3, sizeof v[0], asc);
  __VERIFIER_assert(hit != 0 && *hit == v[1]);
  qsort(v, 3, sizeof v[0], ratio_cmp);
  return 0;
}
