/* big.h: the test makes it larger than the per-file cap. */
#include "big.h"
int main(void) { return 0; }
