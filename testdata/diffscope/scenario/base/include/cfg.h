#ifndef CFG_H
#define CFG_H

#define VERSION "1.0"
#define MAX_LEN 64
#define HDR_LEN (MAX_LEN / 8)

struct config {
	int strict;
	int max_len;
};

extern int verbose;

#endif
