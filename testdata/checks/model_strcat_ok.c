// strcpy and strcat within their buffers, and strlen/strcmp of strings
// that end inside theirs: the pointer check holds at every call.
// checks pointer: safe
// checks all: safe
#include <string.h>
int main(void) {
  char b[9];
  strcpy(b, "hi");
  strcat(b, " there");
  if (strcmp(b, "hi there") != 0)
    return 1;
  return (int)strlen(b) - 8;
}
