// expect: safe
// expect-engines: kinduction bkind auto
// The loop writes a only through p: the inductive step must havoc it
// (a step that kept a == 0 would prove the unsafe twin too).
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
    if (*p > 5)
      *p = 0;
  }
  return 0;
}
