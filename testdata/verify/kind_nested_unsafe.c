// expect: unsafe
// expect-line: 15
// expect-engines: kinduction bkind auto
// As kind_nested_safe.c, but x == 7 is reached after nine outer
// iterations (x = 3, 6, 9, 2, 5, 8, 1, 4, 7).
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  unsigned x = 0;
  while (__VERIFIER_nondet_int()) {
    for (int j = 0; j < 3; j++)
      x = (x + 1) % 10;
    if (x == 7)
      reach_error();
  }
  return 0;
}
