// a[i][m] of a 2-D variable-length array: out of bounds of row i. The
// bounds check finds it for any row; the pointer check only in the last
// row, where it also leaves the block; with neither, nothing is checked.
// checks bounds: unsafe bounds 16
// checks pointer: unsafe pointer 16
// checks assertions,overflow: safe
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  if (n < 1 || n > 4 || m < 1 || m > 4) return 0;
  int a[n][m];
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= n) return 0;
  a[i][0] = 2;
  a[i][m] = 1;
  return 0;
}
