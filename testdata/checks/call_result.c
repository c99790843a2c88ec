// The index of a[g] = next() is evaluated after the call, which moves g
// out of bounds: the check must see the new g.
// checks bounds: unsafe bounds 9
int g;
int a[3];
int next(void) { g = g + 3; return 1; }
int main(void) {
  g = 0;
  a[g] = next();
  return 0;
}
