#ifndef PKT_H
#define PKT_H

#include "cfg.h"

enum pkt_type { PKT_DATA, PKT_ACK, PKT_NAK };

struct packet {
	enum pkt_type type;
	unsigned len;
	unsigned char data[MAX_LEN];
};

typedef struct packet pkt_t;

#endif
