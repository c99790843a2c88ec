/* csmith_minimal.h includes this header, which the Debian csmith package
 * does not ship (upstream keeps it in the csmith source tree's runtime/).
 * The host's <stdint.h> provides the same exact-width types and limits. */
#ifndef PRBMC_CUSTOM_STDINT_X86_H
#define PRBMC_CUSTOM_STDINT_X86_H
#include <stdint.h>
#endif
