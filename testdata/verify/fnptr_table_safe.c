// expect: safe
/* A table of function pointers, called in a loop: every call dispatches to
   one of the address-taken functions, the results are exact. */
void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int (*const ops[3])(int, int) = {add, sub, mul};
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  int r[3];
  for (int i = 0; i < 3; i++) r[i] = ops[i](x, 3);
  if (r[0] != x + 3 || r[1] != x - 3 || r[2] != 3 * x) reach_error();
  int (*f)(int, int) = x > 0 ? add : sub;
  if (f == mul || f(x, 1) == x) reach_error();
  return 0;
}
