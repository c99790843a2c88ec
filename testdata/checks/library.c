// Library models (strlen here) carry no checks; the user's code does.
// checks all: safe
#include <string.h>
int main(void) {
  char s[6] = "hello";
  return (int)strlen(s) - 5;
}
