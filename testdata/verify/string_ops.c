// expect: unsafe
// expect-line: 11
#include <string.h>
extern char __VERIFIER_nondet_char(void);
void reach_error(void);
int main(void) {
  char buf[8] = "abc";
  buf[1] = __VERIFIER_nondet_char();
  if (strlen("hello") != 5) reach_error();
  if (strlen(buf) != 3 && strlen(buf) != 1) reach_error();
  if (strcmp(buf, "axc") == 0) reach_error();
  return 0;
}
