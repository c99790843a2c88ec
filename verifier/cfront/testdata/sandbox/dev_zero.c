/* Reads forever unless refused before the first byte. */
#include "../../../../../../../../../../../../../../../../dev/zero"
int main(void) { return 0; }
