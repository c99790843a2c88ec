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
/* <ctype.h>, "C" locale, as glibc: the functions return the class bit of
   glibc's table (isalpha('a') is 1024, not 1), and tolower/toupper map
   -128..-2 to c + 256 as glibc's tables do. Arguments outside -128..255
   are undefined; the models give 0 (or c). */
int isupper(int c) { return c >= 'A' && c <= 'Z' ? 0x100 : 0; }
int islower(int c) { return c >= 'a' && c <= 'z' ? 0x200 : 0; }
int isalpha(int c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ? 0x400 : 0; }
/* gcc folds a call of isdigit to (unsigned)c - '0' < 10: 1, not the bit. */
int isdigit(int c) { return c >= '0' && c <= '9'; }
int isxdigit(int c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') ? 0x1000 : 0; }
int isspace(int c) { return c == ' ' || (c >= '\t' && c <= '\r') ? 0x2000 : 0; }
int isprint(int c) { return c >= 32 && c <= 126 ? 0x4000 : 0; }
int isgraph(int c) { return c >= 33 && c <= 126 ? 0x8000 : 0; }
int isblank(int c) { return c == ' ' || c == '\t' ? 0x1 : 0; }
int iscntrl(int c) { return (c >= 0 && c < 32) || c == 127 ? 0x2 : 0; }
int ispunct(int c) {
	return c >= 33 && c <= 126 && !((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) ? 0x4 : 0;
}
int isalnum(int c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ? 0x8 : 0; }
int toupper(int c) { return c >= -128 && c < -1 ? c + 256 : c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c; }
int tolower(int c) { return c >= -128 && c < -1 ? c + 256 : c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

/* The libc internals glibc's headers route through: isspace(c) expands to
   (*__ctype_b_loc())[(int)(c)] & _ISspace, errno to *__errno_location().
   They never return NULL; the tables are glibc's for the "C" locale, 384
   entries of which the returned pointer points at entry 128, so that
   indices -128..255 are valid. The pointers are set on every call rather
   than by an initialiser, so that a program that never calls these carries
   none of the tables (the linker drops unused library globals). */
static const unsigned short __prbmc_ctype_b_tab[384] = {
	[128] = 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2003, 0x2002, 0x2002,
	0x2002, 0x2002, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2,
	0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x6001, 0xc004, 0xc004, 0xc004,
	0xc004, 0xc004, 0xc004, 0xc004, 0xc004, 0xc004, 0xc004, 0xc004, 0xc004, 0xc004, 0xc004, 0xc004,
	0xd808, 0xd808, 0xd808, 0xd808, 0xd808, 0xd808, 0xd808, 0xd808, 0xd808, 0xd808, 0xc004, 0xc004,
	0xc004, 0xc004, 0xc004, 0xc004, 0xc004, 0xd508, 0xd508, 0xd508, 0xd508, 0xd508, 0xd508, 0xc508,
	0xc508, 0xc508, 0xc508, 0xc508, 0xc508, 0xc508, 0xc508, 0xc508, 0xc508, 0xc508, 0xc508, 0xc508,
	0xc508, 0xc508, 0xc508, 0xc508, 0xc508, 0xc508, 0xc508, 0xc004, 0xc004, 0xc004, 0xc004, 0xc004,
	0xc004, 0xd608, 0xd608, 0xd608, 0xd608, 0xd608, 0xd608, 0xc608, 0xc608, 0xc608, 0xc608, 0xc608,
	0xc608, 0xc608, 0xc608, 0xc608, 0xc608, 0xc608, 0xc608, 0xc608, 0xc608, 0xc608, 0xc608, 0xc608,
	0xc608, 0xc608, 0xc608, 0xc004, 0xc004, 0xc004, 0xc004, 0x2,
};
static const int __prbmc_ctype_tolower_tab[384] = {
	128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143,
	144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159,
	160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175,
	176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191,
	192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207,
	208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223,
	224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239,
	240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, -1,
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
	32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
	48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,
	64, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111,
	112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 91, 92, 93, 94, 95,
	96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111,
	112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127,
	128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143,
	144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159,
	160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175,
	176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191,
	192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207,
	208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223,
	224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239,
	240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255,
};
static const int __prbmc_ctype_toupper_tab[384] = {
	128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143,
	144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159,
	160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175,
	176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191,
	192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207,
	208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223,
	224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239,
	240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, -1,
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
	32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
	48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,
	64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79,
	80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95,
	96, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79,
	80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 123, 124, 125, 126, 127,
	128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143,
	144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159,
	160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175,
	176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191,
	192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207,
	208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223,
	224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239,
	240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255,
};
static const unsigned short *__prbmc_ctype_b;
static const int *__prbmc_ctype_tolower;
static const int *__prbmc_ctype_toupper;
const unsigned short **__ctype_b_loc(void) { __prbmc_ctype_b = __prbmc_ctype_b_tab + 128; return &__prbmc_ctype_b; }
const int **__ctype_tolower_loc(void) { __prbmc_ctype_tolower = __prbmc_ctype_tolower_tab + 128; return &__prbmc_ctype_tolower; }
const int **__ctype_toupper_loc(void) { __prbmc_ctype_toupper = __prbmc_ctype_toupper_tab + 128; return &__prbmc_ctype_toupper; }
/* errno starts at 0 (C17 7.5p3); a harness gives it any value. */
static int __prbmc_errno;
int *__errno_location(void) { return &__prbmc_errno; }
static int __prbmc_h_errno;
int *__h_errno_location(void) { return &__prbmc_h_errno; }
/* MB_CUR_MAX: 1 in the "C" locale, more after setlocale; at most
   MB_LEN_MAX (16). */
unsigned long __VERIFIER_nondet_ulong(void);
size_t __ctype_get_mb_cur_max(void) { return __VERIFIER_nondet_ulong() % 16 + 1; }
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
/* __builtin_signbit as gcc compiles it on x86: the double's sign bit
   shifted down (1) in LP64, the word's bit (INT_MIN) for float and on
   ILP32. The sign of a NaN stored to memory is open in the engines. */
int __prbmc_signbit(double x) {
	union { double d; unsigned long long u; } v;
	v.d = x;
	if (sizeof(long) == 8)
		return (int)(v.u >> 63);
	return (int)((unsigned int)(v.u >> 32) & 0x80000000u);
}
int __prbmc_signbitf(float x) {
	union { float f; unsigned int u; } v;
	v.f = x;
	return (int)(v.u & 0x80000000u);
}
/* long double's is FXAM's C1 flag (512), the sign bit of any encoding;
   a copy keeps the bits, so a NaN's sign is the one it had. */
int __prbmc_signbitl(long double x) {
	union { long double d; unsigned char b[sizeof(long double)]; } v;
	v.d = x;
	return (v.b[9] & 0x80) ? 512 : 0;
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

/* strtod and strtof: any value the conversion can give — a NaN only when
   the text (after white space and a sign) starts with "nan", in either
   case; infinities and rounding stay open (overflow gives ±HUGE_VAL) — and
   *end anywhere from s to its terminating NUL (s itself when nothing
   converts). errno may become anything (ERANGE on overflow). A stub that
   returned any double made parse_number-style code fail on a NaN that
   digits cannot produce. */
double __VERIFIER_nondet_double(void);
float __VERIFIER_nondet_float(void);
void __VERIFIER_assume(int);
int __VERIFIER_nondet_int(void);
/* __prbmc_strto sets *end and errno as a conversion of s may, and says
   whether the result may be a NaN. */
int __prbmc_strto(const char *s, char **end) {
	const char *p = s;
	while (*p == ' ' || (*p >= '\t' && *p <= '\r')) p++;
	if (*p == '+' || *p == '-') p++;
	if (end) {
		size_t n = 0, k = __VERIFIER_nondet_ulong();
		while (s[n]) n++;
		__VERIFIER_assume(k <= n);
		*end = (char *)s + k;
	}
	__prbmc_errno = __VERIFIER_nondet_int();
	return (p[0] == 'n' || p[0] == 'N') && (p[1] == 'a' || p[1] == 'A') && (p[2] == 'n' || p[2] == 'N');
}
double strtod(const char *s, char **end) {
	double r = __VERIFIER_nondet_double();
	if (!__prbmc_strto(s, end)) __VERIFIER_assume(r == r);
	return r;
}
float strtof(const char *s, char **end) {
	float r = __VERIFIER_nondet_float();
	if (!__prbmc_strto(s, end)) __VERIFIER_assume(r == r);
	return r;
}

/* qsort: insertion sort through the caller's comparator, swapping byte
   by byte. The comparator sees pairs of elements of the array, as glibc's
   would, though not the same pairs; for a comparator that is an order
   the result is the same sorted array (README, "What prbmc assumes"). */
void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *)) {
	unsigned char *b = base;
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && cmp(b + (j - 1) * size, b + j * size) > 0; j--)
			for (size_t k = 0; k < size; k++) {
				unsigned char t = b[(j - 1) * size + k];
				b[(j - 1) * size + k] = b[j * size + k];
				b[j * size + k] = t;
			}
}

/* bsearch: binary search through the caller's comparator (key first). */
void *bsearch(const void *key, const void *base, size_t n, size_t size, int (*cmp)(const void *, const void *)) {
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const unsigned char *p = (const unsigned char *)base + mid * size;
		int c = cmp(key, p);
		if (c < 0)
			hi = mid;
		else if (c > 0)
			lo = mid + 1;
		else
			return (void *)p;
	}
	return 0;
}

/* realloc as glibc's behaves: NULL is malloc, size 0 frees and returns
   NULL, otherwise a new block holds the old one's first bytes and the old
   one is freed (a pointer into the old block dangles after the call, as
   it may with glibc whenever the block moves). */
void *malloc(size_t);
void free(void *);
void *memcpy(void *, const void *, size_t);
size_t __prbmc_size_after(const void *);
void *realloc(void *p, size_t n) {
	if (!p)
		return malloc(n);
	if (n == 0) {
		free(p);
		return 0;
	}
	void *q = malloc(n);
	size_t old = __prbmc_size_after(p);
	memcpy(q, p, old < n ? old : n);
	free(p);
	return q;
}
