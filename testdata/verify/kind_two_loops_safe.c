// expect: safe
// expect-engines: kinduction bkind auto
// Two loops with unbounded trip counts: the second needs j <= k at its
// head, which holds only because the first keeps i == k.
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
    if (k <= 0)
      reach_error();
    j--;
    k--;
  }
  return 0;
}
