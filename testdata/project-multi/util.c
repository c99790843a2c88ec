#include "util.h"

/* Each function indexes a without a check: whether that is a bug
   depends on who calls it, in main.c, other.c and broken.c. */
int get(int *a, int i) { return a[i]; }

int get_bad(int *a, int i) { return a[i]; }

/* main.c has a static norm() of its own, which masks. */
static int norm(int i) { return i; }

int pick(int *a, int i) { return a[norm(i)]; }

int put(int *a, int i, int v) {
	a[i] = v;
	return v;
}

int lonely(int *a, int i) { return a[i]; }

int at_macro(int *a, int i) { return a[i]; }

/* main.c calls it with a valid index, but other.c takes its address. */
int via_ptr(int *a, int i) { return a[i]; }
