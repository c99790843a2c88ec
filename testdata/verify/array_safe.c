// expect: safe
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int a[100];
  for (int i = 0; i < 100; i++) a[i] = 2 * i;
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < 100 && a[k] % 2 != 0) reach_error();
  return 0;
}
