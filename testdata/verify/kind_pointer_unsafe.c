// expect: unsafe
// expect-line: 13
// expect-engines: kinduction bkind auto
// As kind_pointer_safe.c, but a reaches 6 through p.
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  int a = 0;
  int *p = &a;
  while (__VERIFIER_nondet_int()) {
    if (a > 5)
      reach_error();
    *p = *p + 1;
    if (*p > 6)
      *p = 0;
  }
  return 0;
}
