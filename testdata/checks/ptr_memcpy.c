// memcpy of 8 bytes into a 6-byte buffer: the destination is too small;
// into an 8-byte one it is fine.
// checks pointer: unsafe pointer 12
// checks assertions: safe
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char src[8] = "abcdefg";
  char small[6];
  char big[8];
  memcpy(big, src, 8);
  if (__VERIFIER_nondet_int()) memcpy(small, src, 8);
  return big[0];
}
