// expect: safe
void reach_error(void);
static int twice(int x) { return 2 * x; }
int main(void) {
  int x = 3;
  if (x == 4) {
    long (*f)(long) = (long (*)(long))twice; /* no function of this type: unsupported, but never reached */
    if (f(2) != 4) reach_error();
  }
  return 0;
}
