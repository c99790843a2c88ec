/* csmith_minimal.h includes this header, which the Debian csmith package
 * does not ship (upstream keeps it in the csmith source tree's runtime/).
 * The host's <limits.h> provides the same limits. safe_math.h's float
 * helpers (compiled even without --float) also need FLT_MAX, DBL_MAX and
 * fabs/fabsf, which the full csmith.h gets from <float.h> and <math.h>. */
#ifndef PRBMC_CUSTOM_LIMITS_H
#define PRBMC_CUSTOM_LIMITS_H
#include <limits.h>
#include <float.h>
#include <math.h>
#endif
