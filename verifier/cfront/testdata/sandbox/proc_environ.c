/* Reads the runner's environment (its tokens) if nothing stops it. */
#include "../../../../../../../../../../../../../../../../proc/self/environ"
int main(void) { return 0; }
