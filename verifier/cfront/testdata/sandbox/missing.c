/* A file that does not exist is not a refusal. */
#include "nope.h"
int main(void) { return 0; }
