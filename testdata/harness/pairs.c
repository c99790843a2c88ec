/* (pointer, length) parameter pairs: the length is the pointer's. */
#include <stddef.h>

unsigned sum(const unsigned *v, size_t n)
{
	unsigned s = 0;
	for (size_t i = 0; i < n; i++)
		s += v[i];
	return s;
}

/* The bug a caller can cause: the last element read is v[n]. */
unsigned sum_off_by_one(const unsigned *v, size_t n)
{
	unsigned s = 0;
	for (size_t i = 0; i <= n; i++)
		s += v[i];
	return s;
}

/* Not a pair: the integer is not named like a length. */
unsigned pick(const unsigned *v, int k)
{
	return v[k & 3];
}

/* jsmn's spelling of a length: num_tokens counts what tokens points to. */
int last_token(const int *tokens, unsigned num_tokens)
{
	return num_tokens ? tokens[num_tokens - 1] : 0;
}
