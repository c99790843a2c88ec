/* A file outside the repository. */
#include "../../../../../../../../../../../../../../../../etc/passwd"
int main(void) { return 0; }
