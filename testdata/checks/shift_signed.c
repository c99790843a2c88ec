// A left shift of a negative value is undefined (C11 6.5.7p4); in range,
// with a nonnegative operand that stays representable, it is not.
// checks overflow: unsafe overflow 11
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = 0;
  if (x >= 0 && x < 1000)
    r = x << 4;
  if (x > -3 && x < 0)
    r = x << 1;
  return r;
}
