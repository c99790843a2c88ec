#include "lib.h"

/* lib.c has a static norm() of its own, which masks; this one does not. */
static int norm(int i) { return i; }

/* Safe only because slot(), in lib.c, returns 0 to 3. */
int lookup(int k) {
	int t[4] = {1, 2, 3, 4};
	return t[slot(k)];
}

/* slot_bad(), in lib.c, returns up to 7. */
int lookup_bad(int k) {
	int t[4] = {1, 2, 3, 4};
	return t[slot_bad(k)];
}

/* slot_far() is in lib.c, and the clamp4() it calls in mid.c. */
int lookup_far(int k) {
	int t[4] = {1, 2, 3, 4};
	return t[slot_far(k)];
}

/* wrap() is in broken.c, which does not compile. */
int lookup_broken(int k) {
	int t[4] = {1, 2, 3, 4};
	return t[wrap(k)];
}

/* take() returns 1 on the first call, 4 on the fourth. */
int first_take(void) {
	int t[4] = {1, 2, 3, 4};
	return t[take()];
}

/* Two files at once: lib.c and mid.c. */
int lookup_two(int k) {
	int t[4] = {1, 2, 3, 4};
	return t[slot(k)] + t[clamp4(k)];
}

/* lib.c links, broken.c does not. */
int lookup_mixed(int k) {
	int t[4] = {1, 2, 3, 4};
	return t[slot(k)] + t[wrap(k) & 3];
}

/* take() keeps a stub, and slot(), of the same file, masks what it
   returns. */
int lookup_both(void) {
	int t[4] = {1, 2, 3, 4};
	return t[slot(take())];
}

/* twice() is defined in two.c and in two_alt.c. */
int lookup_twice(int k) {
	int t[4] = {1, 2, 3, 4};
	return t[twice(k)];
}

/* The mode app.c keeps, which lib.c's by_mode() reads back: any value
   set_mode() was given. */
static int mode;
void set_mode(int m) { mode = m; }
int get_mode(void) { return mode; }

int lookup_mode(void) {
	int t[4] = {1, 2, 3, 4};
	return t[by_mode()];
}

int ident(int k) {
	int t[4] = {1, 2, 3, 4};
	return t[norm(k)];
}
