#include <assert.h>
#include "ring.h"

void ring_init(struct ring *r)
{
	r->head = 0;
	r->count = 0;
}

int ring_push(struct ring *r, int v)
{
	RING_INVARIANT(r);
	if (r->count >= RING_CAP)
		return -1;
	unsigned slot = (r->head + r->count) % RING_CAP;
	assert(r->count < RING_CAP);
	r->data[slot] = v;
	r->count++;
	return 0;
}

int ring_pop(struct ring *r, int *out)
{
	RING_INVARIANT(r);
	if (r->count == 0)
		return -1;
	*out = r->data[r->head];
	r->head = (r->head + 1) % RING_CAP;
	r->count = r->count - 1;
	return 0;
}
