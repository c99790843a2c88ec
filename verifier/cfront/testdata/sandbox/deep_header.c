/* deep.h: the test writes a header nested too deeply. */
#include "deep.h"
int main(void) { return 0; }
