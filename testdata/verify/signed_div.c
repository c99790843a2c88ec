// expect: safe
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (-7 / 2 != -3 || -7 % 2 != -1 || 7 % -2 != 1) reach_error();
  if (b != 0 && !(a == -2147483647 - 1 && b == -1)) {
    int q = a / b, r = a % b;
    if (q * b + r != a) reach_error();
    if (r != 0 && (r < 0) != (a < 0)) reach_error();
  }
  return 0;
}
