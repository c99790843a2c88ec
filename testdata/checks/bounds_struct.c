// A two-dimensional array inside a struct: the inner index is off by one.
// checks bounds: unsafe bounds 13
extern int __VERIFIER_nondet_int(void);
struct grid { int cells[4][3]; int n; };
struct grid g;
int main(void) {
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (i < 0 || i >= 4 || j < 0 || j > 3)
    return 0;
  g.cells[i][0] = 1;
  g.n = i;
  return g.cells[i][j];
}
