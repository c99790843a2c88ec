// expect: unsafe
// expect-line: 9
// expect-value: x = 2147483647
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x + 1; /* wraps in the IR: signed overflow is a separate check */
  if (x > 0 && y < 0) reach_error();
  return 0;
}
