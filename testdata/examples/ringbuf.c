/* A fixed-size ring buffer, as firmware keeps for UART bytes.
   `make example` runs `prbmc verify` on it: the assertion in rb_push can
   fail, and prbmc prints the inputs and the trace that make it fail. */
#include <assert.h>
#include <stdbool.h>

#define CAP 4

struct ring {
	unsigned char buf[CAP];
	unsigned head, tail, count;
};

extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);

static bool rb_push(struct ring *r, unsigned char c) {
	/* Bug: the full check is off by one. */
	if (r->count > CAP)
		return false;
	r->buf[r->tail] = c;
	r->tail = (r->tail + 1) % CAP;
	r->count++;
	assert(r->count <= CAP);
	return true;
}

static bool rb_pop(struct ring *r, unsigned char *out) {
	if (r->count == 0)
		return false;
	*out = r->buf[r->head];
	r->head = (r->head + 1) % CAP;
	r->count--;
	return true;
}

int main(void) {
	struct ring r = {0};
	unsigned char c;
	for (int step = 0; step < 6; step++) {
		if (__VERIFIER_nondet_bool())
			rb_push(&r, __VERIFIER_nondet_uchar());
		else
			rb_pop(&r, &c);
	}
	return 0;
}
