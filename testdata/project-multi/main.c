#include "util.h"

static int norm(int i) { return i & 3; }

/* Passes get() and pick() only valid indexes. */
int run(int k) {
	int t[4] = {1, 2, 3, 4};
	int s = get(t, k & 3);
	s += get_bad(t, 1);
	s += pick(t, norm(k));
	return s;
}
