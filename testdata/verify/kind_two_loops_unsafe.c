// expect: unsafe
// expect-line: 18
// expect-engines: kinduction bkind auto
// As kind_two_loops_safe.c with an off-by-one: fails with n >= 1 in the
// second loop's last iteration.
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = 0, i = 0;
  while (i < n) {
    i++;
    k++;
  }
  int j = n;
  while (j > 0) {
    if (k <= 1) reach_error();
    j--;
    k--;
  }
  return 0;
}
