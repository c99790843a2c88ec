#include "lib.h"

/* Does not compile: prbmc cannot tell what wrap() returns. */
int wrap(int k) { return (k & 3) + ; }
