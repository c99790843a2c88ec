// An off-by-one loop bound writes a[10].
// checks bounds: unsafe bounds 9
// checks overflow,div-by-zero: safe
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[10];
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i <= n && i <= 10; i++)
    a[i] = i;
  return 0;
}
