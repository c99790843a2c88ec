/* prbmc's models of C library functions: plain C, lowered like user code,
   so the interpreter and the engines agree on them. Only the functions a
   program declares without defining are linked in. */
typedef __SIZE_TYPE__ size_t;

size_t strlen(const char *s) { size_t n = 0; while (s[n]) n++; return n; }
size_t strnlen(const char *s, size_t max) { size_t n = 0; while (n < max && s[n]) n++; return n; }
int strcmp(const char *a, const char *b) {
	while (*a && *a == *b) { a++; b++; }
	return (unsigned char)*a - (unsigned char)*b;
}
int strncmp(const char *a, const char *b, size_t n) {
	for (; n > 0; n--, a++, b++) {
		if (*a != *b) return (unsigned char)*a - (unsigned char)*b;
		if (!*a) return 0;
	}
	return 0;
}
char *strcpy(char *d, const char *s) { char *r = d; while ((*d++ = *s++)) ; return r; }
char *strncpy(char *d, const char *s, size_t n) {
	size_t i = 0;
	for (; i < n && s[i]; i++) d[i] = s[i];
	for (; i < n; i++) d[i] = 0;
	return d;
}
char *strcat(char *d, const char *s) { char *r = d; while (*d) d++; while ((*d++ = *s++)) ; return r; }
char *strncat(char *d, const char *s, size_t n) {
	char *r = d;
	while (*d) d++;
	for (; n > 0 && *s; n--) *d++ = *s++;
	*d = 0;
	return r;
}
char *strchr(const char *s, int c) {
	for (;; s++) {
		if (*s == (char)c) return (char *)s;
		if (!*s) return 0;
	}
}
char *strrchr(const char *s, int c) {
	const char *r = 0;
	for (;; s++) {
		if (*s == (char)c) r = s;
		if (!*s) return (char *)r;
	}
}
int memcmp(const void *a, const void *b, size_t n) {
	const unsigned char *p = a, *q = b;
	for (; n > 0; n--, p++, q++)
		if (*p != *q) return *p - *q;
	return 0;
}
void *memchr(const void *s, int c, size_t n) {
	const unsigned char *p = s;
	for (; n > 0; n--, p++)
		if (*p == (unsigned char)c) return (void *)p;
	return 0;
}
int abs(int x) { return x < 0 ? -x : x; }
long labs(long x) { return x < 0 ? -x : x; }
long long llabs(long long x) { return x < 0 ? -x : x; }
int isdigit(int c) { return c >= '0' && c <= '9'; }
int isupper(int c) { return c >= 'A' && c <= 'Z'; }
int islower(int c) { return c >= 'a' && c <= 'z'; }
int isalpha(int c) { return isupper(c) || islower(c); }
int isalnum(int c) { return isalpha(c) || isdigit(c); }
int isspace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
int toupper(int c) { return islower(c) ? c - 'a' + 'A' : c; }
int tolower(int c) { return isupper(c) ? c - 'A' + 'a' : c; }
/* fabs and fabsf clear the sign bit, which is exact for zeros, infinities
   and NaNs too (csmith's safe_math.h calls them for float operands). */
double fabs(double x) {
	union { double d; unsigned long long u; } v;
	v.d = x;
	v.u &= 0x7fffffffffffffffull;
	return v.d;
}
float fabsf(float x) {
	union { float f; unsigned int u; } v;
	v.f = x;
	v.u &= 0x7fffffffu;
	return v.f;
}

/* GCC built-ins, reached through cfront's builtinModels table. */
unsigned short __prbmc_bswap16(unsigned short x) { return (unsigned short)((x >> 8) | (x << 8)); }
unsigned int __prbmc_bswap32(unsigned int x) {
	return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}
unsigned long long __prbmc_bswap64(unsigned long long x) {
	return ((unsigned long long)__prbmc_bswap32((unsigned int)x) << 32) | __prbmc_bswap32((unsigned int)(x >> 32));
}
int __prbmc_popcount(unsigned int x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }
int __prbmc_popcountll(unsigned long long x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }
