// expect: unsafe
// expect-line: 8
// expect-value: op = 2
/* The bug is only reached through a function pointer. */
void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static int safe_div(int a, int b) { return b ? a / b : 0; }
static int checked(int a, int b) { if (b == 7) reach_error(); return a + b; }
struct handler { int code; int (*run)(int, int); };
static struct handler handlers[2] = {{1, safe_div}, {2, checked}};
int main(void) {
  int op = __VERIFIER_nondet_int();
  int (*f)(int, int) = 0;
  for (int i = 0; i < 2; i++)
    if (handlers[i].code == op) f = handlers[i].run;
  if (f) return f(100, __VERIFIER_nondet_int());
  return 0;
}
