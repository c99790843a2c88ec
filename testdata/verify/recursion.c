// expect: unsafe
// expect-line: 10
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5) return 0;
  int f = fact(n);
  if (f == 120) reach_error();
  return 0;
}
