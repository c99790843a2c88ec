/* Findings and who can cause them (verifier/funccheck TestFindingClasses). */
#include <limits.h>
#include <stdio.h>

#ifdef __PRBMC__
void prbmc_requires(int cond);
#else
#define prbmc_requires(c) ((void)0)
#endif

static int table[8];

/* Out of bounds for idx >= 8, but its only caller masks the index. */
static int get(int idx)
{
	return table[idx];
}

int lookup(unsigned char c)
{
	return get(c & 7);
}

/* Out of bounds for i == 4, and its caller's check lets 4 through. */
static int vals[4];

static int at(int i)
{
	return vals[i];
}

int last(int n)
{
	if (n < 0 || n > 4)
		return 0;
	return at(n);
}

/* Nothing here calls it: anyone may pass INT_MAX. */
int next(int x)
{
	return x + 1;
}

/* Overflows only for what the stub returns; the real sensor is 10-bit. */
extern int sensor(void);

int scaled(void)
{
	int v = sensor();
	return v * 100000;
}

/* Its precondition rules out b == 0 and the overflow of INT_MIN / -1. */
int ratio(int a, int b)
{
	prbmc_requires(b != 0 && !(a == INT_MIN && b == -1));
	return a / b;
}

/* Breaks ratio's precondition for x == 0. */
int per_item(int x)
{
	return ratio(100, x);
}

/* Keeps it. */
int per_item_safe(int x)
{
	if (x == 0)
		return 0;
	return ratio(100, x);
}

/* A handle the file constructs: ring_init keeps len within the array. */
struct ring {
	int len;
	int buf[8];
};

void ring_init(struct ring *r)
{
	r->len = 0;
}

/* Any bytes give len out of range; ring_init never does. */
int ring_first(struct ring *r)
{
	if (r->len == 0)
		return -1;
	return r->buf[r->len - 1];
}

/* Fails for the handle ring_init makes too. */
int ring_peek(struct ring *r)
{
	return r->buf[r->len - 1];
}

/* sscanf writes through pointers passed through "...": a stub per call
   gives them any value, and "1,0" divides by zero. */
int parse_pair(const char *s)
{
	int a, b;
	if (sscanf(s, "%d,%d", &a, &b) != 2)
		return -1;
	return a / b;
}

/* The assertion checks the inputs before anything changes: the
   function's contract (sds's sdsIncrLen), a contract note; -incr in it
   overflows only for an input the assertion is there to reject. */
#include <assert.h>
struct counter {
	unsigned len, cap;
};

void counter_add(struct counter *c, long incr)
{
	unsigned room = c->cap - c->len;
	assert((incr >= 0 && incr <= (long)room) || (incr < 0 && c->len >= (unsigned long)(-incr)));
	c->len += incr;
}

/* The same assertion after a store is no longer a check of the inputs
   alone: a failure. */
void counter_add_late(struct counter *c, long incr)
{
	c->cap++;
	assert(incr >= 0 && incr <= 4);
	c->len += incr;
}

/* sds's sdsIncrLen: the assertion in each case of a switch on the
   header's type checks incr (contract notes, as is -incr inside it, which
   overflows only for an incr the assertion rejects), but its
   (unsigned int)(-incr) lets incr = -2^32 through, and (oldlen + incr)
   << 3 then shifts a negative number: a failure. */
void counter_incr(unsigned char *s, long incr)
{
	unsigned char flags = s[0];
	unsigned len;
	switch (flags & 7) {
	case 0: {
		unsigned char *fp = s;
		unsigned char oldlen = flags >> 3;
		assert((incr > 0 && oldlen + incr < 32) || (incr < 0 && oldlen >= (unsigned int)(-incr)));
		*fp = (unsigned char)((oldlen + incr) << 3);
		len = oldlen + incr;
		break;
	}
	case 1: {
		unsigned char *lp = s + 1;
		assert((incr >= 0 && 255 - *lp >= incr) || (incr < 0 && *lp >= (unsigned int)(-incr)));
		len = (*lp += incr);
		break;
	}
	default:
		len = 0;
	}
	s[len & 3] = 0;
}
