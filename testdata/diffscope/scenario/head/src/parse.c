#include <string.h>
#include "pkt.h"

static int seen;

/* Parse a header; returns 0 on success. */
int parse_header(pkt_t *p, const unsigned char *buf, unsigned n)
{
	if (n < HDR_LEN)
		return -1;
	p->type = buf[0] ? PKT_ACK : PKT_DATA;
	p->len = buf[1];
	seen++;
	return 0;
}

unsigned checksum(const struct packet *p)
{
	unsigned sum = 0;
	for (unsigned i = 0; i < p->len && i < MAX_LEN; i++)
		sum += p->data[i];
	return sum;
}

int legacy_sum(a, b)
	int a;
	int b;
{
	return a * 2 + b;
}

int count(void)
{
	return seen;
}

int parse_trailer(const unsigned char *buf, unsigned n)
{
	return n > 0 ? buf[n - 1] : -1;
}
