// expect: safe
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 6) return 0;
  int s = 0;
  for (int i = 0; i < n; i++) s += 2;
  if (s != 2 * n) reach_error();
  return 0;
}
