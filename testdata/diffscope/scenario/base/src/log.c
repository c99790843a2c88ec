#include <stdio.h>
#include "cfg.h"

int verbose = 0;

void log_msg(const char *msg)
{
	if (verbose)
		fprintf(stderr, "%s\n", msg);
}

const char *version(void)
{
	return VERSION;
}
