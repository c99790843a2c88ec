// expect: safe
/* Any 10 bytes read as a long double: a copy keeps them, and those the
   x87 rejects (a nonzero exponent with the integer bit clear) compare
   unordered, as NaNs; a zero exponent with the integer bit set is the
   number with exponent 1. */
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void);
int main(void) {
  unsigned char b[16];
  for (int i = 0; i < 16; i++)
    b[i] = __VERIFIER_nondet_uchar();
  long double x, y;
  __builtin_memcpy(&x, b, sizeof x);
  y = x;
  unsigned char c[10];
  __builtin_memcpy(c, &y, 10);
  for (int i = 0; i < 10; i++)
    if (c[i] != b[i]) reach_error();
  unsigned exp = (b[9] & 0x7f) << 8 | b[8];
  int ibit = b[7] >> 7;
  if (exp != 0 && !ibit && x == x) reach_error();
  if (exp == 0 && ibit && !(x >= 0x1p-16382L || x <= -0x1p-16382L)) reach_error();
  return 0;
}
