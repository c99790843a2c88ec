// A NULL dereference on one path.
// checks pointer: unsafe pointer 9
// checks assertions: safe
extern int __VERIFIER_nondet_int(void);
int g;
int main(void) {
  int *p = 0;
  if (__VERIFIER_nondet_int()) p = &g;
  *p = 1;
  return g;
}
