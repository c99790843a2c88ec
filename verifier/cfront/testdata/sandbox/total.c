/* a.h and b.h: each fits, both exceed the total cap. */
#include "a.h"
#include "b.h"
int main(void) { return 0; }
