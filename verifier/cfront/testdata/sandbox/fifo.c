/* fifo.h: a FIFO the test makes; opening it would block. */
#include "fifo.h"
int main(void) { return 0; }
