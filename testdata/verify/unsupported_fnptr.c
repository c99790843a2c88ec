// expect: unknown
void reach_error(void);
static int twice(int x) { return 2 * x; }
int main(void) {
  long (*f)(long) = (long (*)(long))twice; /* no function of this type */
  if (f(2) != 4) reach_error();
  return 0;
}
