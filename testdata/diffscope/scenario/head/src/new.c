#include "pkt.h"

int is_ack(const pkt_t *p)
{
	return p->type == PKT_ACK;
}
