#include "lib.h"

/* app.c has a static norm() of its own, which does not mask. */
static int norm(int i) { return i & 3; }

int slot(int k) { return norm(k); }

int slot_bad(int k) { return k & 7; }

int slot_far(int k) { return clamp4(k); }

/* Counts its calls, up to 4: state a caller's earlier calls change. */
static int used;
int take(void) {
	if (used < 4)
		used++;
	return used;
}

/* Reads app.c's mode back through get_mode(). */
int by_mode(void) { return get_mode(); }
