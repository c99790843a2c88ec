// expect: safe
extern signed char __VERIFIER_nondet_char(void);
void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_char();
  int b = __VERIFIER_nondet_char();
  if (-7 / 2 != -3 || -7 % 2 != -1 || 7 % -2 != 1) reach_error();
  if (b != 0) {
    int q = a / b, r = a % b; /* C truncates toward zero */
    if (q * b + r != a) reach_error();
    if (r != 0 && (r < 0) != (a < 0)) reach_error();
    if (r >= b && r >= -b) reach_error();
  }
  return 0;
}
