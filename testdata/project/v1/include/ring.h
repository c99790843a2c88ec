/* A fixed-size ring buffer of ints. */
#ifndef RING_H
#define RING_H

#define RING_CAP 8

#ifdef RING_CHECKS
/* The structure's invariant, which every function may rely on. */
#define RING_INVARIANT(r) __VERIFIER_assume((r)->count <= RING_CAP && (r)->head < RING_CAP)
#else
#define RING_INVARIANT(r) ((void)0)
#endif

void __VERIFIER_assume(int);

struct ring {
	unsigned head;
	unsigned count;
	int data[RING_CAP];
};

void ring_init(struct ring *r);
int ring_push(struct ring *r, int v);
int ring_pop(struct ring *r, int *out);
int ring_mean(const struct ring *r);

#endif
