/* A counter whose constructor the verifier cannot follow (inline
 * assembly): counter_add's overflow needs a count only any contents give,
 * and with constructor-made counters the check is undecided. */
struct counter {
	int n;
};

void counter_init(struct counter *c)
{
	__asm__ volatile("" : : : "memory");
	c->n = 0;
}

void counter_add(struct counter *c)
{
	c->n++;
}
