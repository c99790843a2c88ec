// The library models of <string.h> get the pointer check at each call:
// strcpy of "hello" (6 bytes) into 4 writes past b, at line 12.
// checks pointer: unsafe pointer 12
// checks all: unsafe pointer 12
// checks assertions: safe
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char b[4];
  char big[16];
  strcpy(big, "hello"); /* fits */
  strcpy(b, "hello");
  return (int)strlen(big) + b[0];
}
