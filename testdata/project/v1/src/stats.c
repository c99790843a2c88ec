#include <assert.h>
#include "ring.h"

/* The mean of the buffered values, each clamped to [-1000, 1000]. */
int ring_mean(const struct ring *r)
{
	RING_INVARIANT(r);
	if (r->count == 0)
		return 0;
	int sum = 0;
	for (unsigned i = 0; i < r->count; i++) {
		int v = r->data[(r->head + i) % RING_CAP];
		if (v > 1000)
			v = 1000;
		if (v < -1000)
			v = -1000;
		sum += v;
	}
	int mean = sum / (int)r->count;
	assert(mean >= -1000 && mean <= 1000);
	return mean;
}
