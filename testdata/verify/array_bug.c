// expect: unsafe
// expect-line: 14
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int a[5];
  int i;
  for (i = 0; i < 5; i++) a[i] = i * i;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= 5) return 0;
  int s = 0;
  for (i = 0; i <= k; i++) s += a[i];
  /* s == 30 exactly when k == 4 */
  if (s == 30) reach_error();
  return 0;
}
