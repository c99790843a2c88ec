/* sub: a directory the test makes. */
#include "sub"
int main(void) { return 0; }
