// In-bounds loops over 2-D variable-length arrays: a local, a parameter
// int a[n][m], a pointer to a row, rows reached by pointer arithmetic,
// sizeof of the array and of a row.
// checks all: safe
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
static int sum(int n, int m, int a[n][m]) {
  int s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += a[i][j];
  return s;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  if (n < 1 || n > 3 || m < 1 || m > 3) return 0;
  int a[n][m];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = i < n - 1 && a + i + 1 <= a + n ? 1 : 2;
  int (*last)[m] = a + (n - 1);
  if (sizeof a != n * m * sizeof(int) || sizeof a[0] != m * sizeof(int)) reach_error();
  if (last[0][m - 1] != 2 || sum(n, m, a) != (n - 1) * m + 2 * m) reach_error();
  return 0;
}
