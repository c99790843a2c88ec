// A variable-length array lives until its function returns: reading it
// inside is fine, through a pointer kept after the return it is not.
// checks pointer: unsafe pointer 14
extern int __VERIFIER_nondet_int(void);
int *keep(int n) {
  int vla[n];
  for (int i = 0; i < n; i++) vla[i] = i;
  return &vla[n - 1];
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  int *p = keep(n);
  return *p;
}
