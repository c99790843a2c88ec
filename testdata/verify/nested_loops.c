// expect: safe
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int();
  if (n < 0 || n > 3 || m < 0 || m > 3) return 0;
  int c = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      if (j == 2) break;
      c++;
    }
  int mm = m < 2 ? m : 2;
  if (c != n * mm) reach_error();
  return 0;
}
