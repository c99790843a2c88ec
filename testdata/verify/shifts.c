// expect: unsafe
// expect-line: 11
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned u = 0x80000000u;
  if ((u >> 31) != 1u) reach_error();
  if ((-8 >> 1) != -4) reach_error(); /* arithmetic shift of a negative value */
  if (x >= 0 && x < 31) {
    if ((1 << x) == 1024) reach_error();
  }
  return 0;
}
