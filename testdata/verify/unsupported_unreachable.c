// expect: safe
void reach_error(void);
static int twice(int x) { return 2 * x; }
int main(void) {
  int x = 3;
  if (x == 4) {
    int (*f)(int) = twice; /* unsupported, but never reached */
    if (f(2) != 4) reach_error();
  }
  return 0;
}
