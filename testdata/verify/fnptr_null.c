// expect: unsafe
// expect-line: 12
// expect-kind: function-pointer
// expect-value: n = 0
/* A call through a NULL function pointer is reported, not assumed away. */
extern int __VERIFIER_nondet_int(void);
static void hello(int *p) { *p = 1; }
static void (*handler)(int *);
int main(void) {
  int x = 0, n = __VERIFIER_nondet_int();
  if (n > 0) handler = hello;
  handler(&x);
  return x;
}
