// A project header's inline functions get checks like the file's own
// code (only system headers' are library code, isdigit here): at()
// reads a[i] out of its object and pick() t[i] out of bounds for i in
// 4..7, inc() overflows at INT_MAX. Before, none of them was checked and
// the program was "safe" under every check.
// checks bounds: unsafe bounds 5
// checks overflow: unsafe overflow 4
// checks pointer: unsafe pointer 3
// checks assertions: safe
#include <ctype.h>
#include "project_header.h"
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[4] = {0};
  int c = __VERIFIER_nondet_int();
  int i = __VERIFIER_nondet_int(), x = __VERIFIER_nondet_int();
  if (i < 0 || i >= 8)
    return 0;
  if (c == 0)
    return at(a, i);
  if (c == 1)
    return pick(i);
  return inc(x) ^ isdigit(x & 0x7f);
}
