// expect: unsafe
// expect-line: 25
/* An int array (4-byte cells in the engine) read and written through
   char and short pointers at every offset, and memmove'd onto itself
   unaligned: all of it must agree with the bytes of C. */
#include <string.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void);
int main(void) {
  unsigned a[3] = {0x04030201u, 0x08070605u, 0x0c0b0a09u};
  unsigned char *p = (unsigned char *)a;
  for (int i = 0; i < 12; i++)
    if (p[i] != i + 1) reach_error();
  unsigned short *h = (unsigned short *)(p + 2);
  if (*h != 0x0403u) reach_error();
  p[5] = 0xff;
  if (a[1] != 0x0807ff05u) reach_error();
  memmove(p + 1, p, 7);
  if (p[1] != 1 || p[6] != 0xff || a[0] != 0x03020101u) reach_error();
  unsigned char v = __VERIFIER_nondet_uchar();
  p[9] = v;
  unsigned w = a[2];
  if (((w >> 8) & 0xffu) != v) reach_error();
  /* fails exactly when the input byte is 0x5a */
  if (w == 0x0c0b5a09u) reach_error();
  return 0;
}
