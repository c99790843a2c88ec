#include "util.h"

static int norm(int i) { return i & 3; }

/* Passes get(), pick() and via_ptr() only valid indexes. */
int run(int k) {
	int t[4] = {1, 2, 3, 4};
	int s = get(t, k & 3);
	s += get_bad(t, 1);
	s += pick(t, norm(k));
	s += via_ptr(t, 0);
	return s;
}
