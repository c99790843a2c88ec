// expect: safe
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int a = 1, b = 2;
  int *p = __VERIFIER_nondet_int() ? &a : &b;
  *p = 5;
  if (a + b != 7 && a + b != 6) reach_error();
  if (p == &a && a != 5) reach_error();
  if (p == &b && (b != 5 || a != 1)) reach_error();
  int arr[4] = {1, 2, 3, 4};
  int *q = arr + 1;
  q[1] = 9;
  if (arr[2] != 9 || *(q - 1) != 1 || q - arr != 1) reach_error();
  return 0;
}
