/* Object shapes from evidence in the code (verifier/funccheck TestEvidenceShapes). */
#include <string.h>

/* Looks for the NUL: a string, though its bytes are unsigned. */
int count_a(const unsigned char *s)
{
	int n = 0;
	while (*s) {
		if (*s == 'a')
			n++;
		s++;
	}
	return n;
}

/* Hands it to strlen. */
size_t twice_len(const signed char *s)
{
	return 2 * strlen((const char *)s);
}

/* Copies 16 bytes: both sides span 16 bytes at least. */
void copy_key(unsigned char *dst, const unsigned char *src)
{
	memcpy(dst, src, 16);
}

/* Reads element 7: the array has 8 at least. */
int last_of8(const int *v)
{
	return v[7];
}

/* Reads byte 20 of an untyped block of 16: the evidence (21 bytes) wins
   over the default of 64 only when larger; this stays a real bug for a
   caller passing 16, which the harness does not know. */
int byte_at(const void *p)
{
	return ((const unsigned char *)p)[20];
}

/* A (pointer, length, position) run of struct members, as cJSON's
 * parse_buffer: whoever fills the struct keeps len within the data and
 * pos within len. */
struct cursor {
	const unsigned char *data;
	unsigned long len;
	unsigned long pos;
};

int sum_rest(struct cursor *c)
{
	int s = 0;
	if (c == 0 || c->data == 0)
		return 0;
	for (unsigned long i = 0; c->pos + i < c->len; i++)
		s += c->data[c->pos + i];
	return s;
}
