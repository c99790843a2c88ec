/* in.h: a symlink the test makes to inc/real.h, inside the repository. */
#include "in.h"
int main(void) { return real_value(); }
