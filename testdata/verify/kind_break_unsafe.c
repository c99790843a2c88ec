// expect: unsafe
// expect-line: 20
// expect-engines: kinduction bkind auto
// As kind_break_safe.c; the check after the loop fails when the loop is
// left after five iterations.
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  int i = 0, s = 0;
  while (1) {
    if (__VERIFIER_nondet_int())
      break;
    if (i >= 100)
      break;
    i++;
    s += 2;
  }
  if (s == 10)
    reach_error();
  return 0;
}
