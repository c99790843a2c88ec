// Valid dereferences: locals, globals, struct members through pointers,
// arrays through decayed pointers, a string literal, and library models.
// checks all: safe
#include <string.h>
extern int __VERIFIER_nondet_int(void);
struct pt { int x, y; };
struct pt origin;
int sum(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] & 0xff;
  return s;
}
int main(void) {
  int a[5] = {1, 2, 3, 4, 5};
  struct pt p = {1, 2};
  struct pt *pp = __VERIFIER_nondet_int() ? &p : &origin;
  pp->x = 3;
  const char *s = "abc";
  char buf[8];
  strcpy(buf, s);
  return sum(a, 5) + pp->y + s[2] + (int)strlen(buf);
}
