// expect: safe
#include <string.h>
void reach_error(void);
union pun { unsigned u; unsigned char b[4]; float f; };
int main(void) {
  union pun p;
  p.u = 0x01020304u;
  if (p.b[0] != 4 || p.b[3] != 1) reach_error();
  p.f = 1.0f;
  if (p.u != 0x3f800000u) reach_error();
  int src[3] = {7, 8, 9}, dst[3];
  memcpy(dst, src, sizeof src);
  memset(src, 0, sizeof src);
  if (dst[0] + dst[1] + dst[2] != 24 || src[1] != 0) reach_error();
  return 0;
}
