// A pointer to a block-scope local used after the block ends.
// checks pointer: unsafe pointer 12
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p;
  int x = 0;
  p = &x;
  {
    int y = 5;
    if (__VERIFIER_nondet_int()) p = &y;
  }
  return *p;
}
