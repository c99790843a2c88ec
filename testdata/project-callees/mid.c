#include "lib.h"

int clamp4(int k) { return k < 0 ? 0 : k > 3 ? 3 : k; }
