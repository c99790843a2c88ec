#include <stdio.h>
#include <string.h>

/* gcc's classification built-ins on long double, the x87's own encodings
   included: they compare with the format's limits, and the x87 compares an
   unnormal, pseudo-infinity or pseudo-NaN as unordered; signbit is FXAM's
   C1 flag, 512. */
typedef unsigned long long u64;

static long double make(unsigned se, u64 m)
{
	unsigned char b[16] = { 0 };
	long double x;
	memcpy(b, &m, 8);
	b[8] = se & 0xff;
	b[9] = se >> 8;
	memcpy(&x, b, sizeof x);
	return x;
}

int main(void)
{
	long double one = 1.0L, zero = 0.0L, inf = 1e4000L * 1e4000L;
	long double vals[] = {
		make(0, 0x8000000000000001ULL), make(0x4000, 0x4000000000000000ULL),
		make(0x7fff, 0), make(0xffff, 0x4000000000000001ULL),
		make(0x7fff, 0xc000000000000123ULL), make(0x7fff, 0x8000000000000789ULL),
		one, zero, -zero, 0x1p-16445L, 0x1p-16382L, 1e4932L, -1e4932L, inf, -inf,
		1.18973149535723176502e+4932L,
	};
	for (int i = 0; i < (int)(sizeof vals / sizeof vals[0]); i++) {
		long double x = vals[i];
		printf("%d: nan %d inf %d finite %d normal %d class %d isless %d unordered %d sign %d\n", i,
		       __builtin_isnan(x) != 0, __builtin_isinf_sign(x), __builtin_isfinite(x) != 0,
		       __builtin_isnormal(x) != 0, __builtin_fpclassify(0, 1, 2, 3, 4, x),
		       __builtin_isless(x, one) != 0, __builtin_isunordered(x, 0.5) != 0, __builtin_signbit(x));
	}
	return 0;
}
