/* out.h: a symlink the test makes to /etc/passwd. */
#include "out.h"
int main(void) { return 0; }
