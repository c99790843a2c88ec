/* real.h is found through a user include directory (-I). */
#include "real.h"
int main(void) { return real_value(); }
