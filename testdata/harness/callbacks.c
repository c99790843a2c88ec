/* Function-pointer parameters and members: the harness lets them point to
 * any function of their type whose address the program takes. */
#include <assert.h>
#include <stddef.h>

static int twice(int x) { return 2 * x; }
static int neg(int x) { return -x; }
static int keep(int x) { return x; }
static long widen(long x) { return x; }

int (*const ops[])(int) = {twice, neg, keep};
long (*const wide)(long) = widen;

/* Unsafe: a caller can pass neg. */
int apply(int (*op)(int), int x)
{
	if (x > 0 && x < 1000) {
		int r = op(x);
		assert(r >= 0);
	}
	return 0;
}

/* Safe: every int(int) function the program names keeps |x| at least x. */
int apply_bounded(int (*op)(int), int x)
{
	if (x > 0 && x < 1000) {
		int r = op(x);
		assert(r >= x || r == -x);
	}
	return 0;
}

struct hooks {
	void *(*allocate)(size_t);
	void (*release)(void *);
};

static void *my_alloc(size_t n) { static char pool[64]; return n <= sizeof pool ? pool : NULL; }
static void my_free(void *p) { (void)p; }
static struct hooks default_hooks = {my_alloc, my_free};

/* Safe under the harness: allocate is my_alloc, which returns NULL for
 * large sizes, and the function checks. */
int use_hooks(struct hooks *h, size_t n)
{
	char *p = h->allocate(n);
	if (p == NULL)
		return -1;
	assert(n <= 64);
	h->release(p);
	return 0;
}

int use_default(size_t n) { return use_hooks(&default_hooks, n); }
