#include "util.h"

/* One past the end. */
int tail(void) {
	int t[4] = {0};
	return get_bad(t, 4);
}

int use_at(int k) {
	int t[4] = {0};
	return AT(t, k);
}

/* Whoever calls through it may pass any index. */
int (*first_op)(int *, int) = via_ptr;
