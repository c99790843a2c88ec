/* Static locals carry a function's state from call to call. */

/* The fifth call writes ids[4]: a harness that assumed the first call
 * (n == 0) proved this safe. */
int next_id(void)
{
	static int ids[4];
	static int n;
	ids[n] = n;
	return n++;
}

/* pos stays in 0..3 however many calls came before: safe. */
int ring_next(int v)
{
	static int ring[4];
	static int pos;
	ring[pos] = v;
	pos = (pos + 1) % 4;
	return ring[pos];
}

/* A static nothing writes keeps its initial value: one call suffices. */
int lookup(int i)
{
	static int table[3] = {1, 2, 3};
	if (i < 0 || i > 2)
		return 0;
	return table[i] * 1000;
}
