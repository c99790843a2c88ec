/* A string library in the style of sds (antirez/sds, BSD-2-Clause):
   the handle is a char * to the bytes after a header the library lays
   out, so only its own constructor makes one. */
#include <stdlib.h>
#include <string.h>
#include <assert.h>

typedef char *str;

struct hdr {
	unsigned len, cap;
};

#define HDR(s) ((struct hdr *)((s) - sizeof(struct hdr)))

str str_newlen(const void *init, size_t initlen)
{
	struct hdr *h = malloc(sizeof *h + initlen + 1);
	if (h == NULL)
		return NULL;
	h->len = initlen;
	h->cap = initlen;
	str s = (char *)(h + 1);
	if (initlen)
		memcpy(s, init, initlen);
	s[initlen] = 0;
	return s;
}

size_t str_len(const str s)
{
	return HDR(s)->len;
}

/* Appends a byte, growing the buffer: the handle may move. */
str str_push(str s, char c)
{
	struct hdr *h = HDR(s);
	if (h->len == h->cap) {
		h = realloc(h, sizeof *h + 2 * h->cap + 2);
		if (h == NULL)
			return NULL;
		h->cap = 2 * h->cap + 1;
		s = (char *)(h + 1);
	}
	s[h->len++] = c;
	s[h->len] = 0;
	return s;
}

/* Drops the first n bytes. The copy's length comes from the header
   before the bytes: with any bytes there it may leave the string (the
   plain harness's answer is unknown); with a handle str_newlen made, and
   str_push and str_range changed, it stays inside. */
void str_drop(str s, size_t n)
{
	size_t len = str_len(s);
	if (n > len)
		n = len;
	memmove(s, s + n, len - n + 1);
	HDR(s)->len = len - n;
	assert(str_len(s) <= len);
}

/* (end - start) + 1 overflows for end = LONG_MAX and start = -1 (sds's
   sdsrange had this bug): found with the plain harness. */
void str_range(str s, long start, long end)
{
	long len = (long)str_len(s);
	if (len == 0)
		return;
	long newlen = (start > end) ? 0 : (end - start) + 1;
	if (end >= len)
		newlen = len - start;
	if (start >= 0 && start < len && newlen > 0 && newlen <= len - start) {
		memmove(s, s + start, newlen);
		s[newlen] = 0;
		HDR(s)->len = newlen;
	}
}
