#include <stdio.h>
#include <string.h>

/* The x87 80-bit format stores the significand's integer bit, so it has
   encodings IEEE formats lack: a pseudo-denormal (exponent 0, integer bit
   set) is the number it denotes; an unnormal, a pseudo-infinity or a
   pseudo-NaN (exponent nonzero, integer bit clear) is an invalid operand,
   whose result is the default NaN. A copy keeps the bits (fldt/fstpt),
   and of two NaN operands the one with the larger significand wins. */
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

static void show(const char *tag, long double x)
{
	unsigned char b[10];
	memcpy(b, &x, 10);
	printf("%s", tag);
	for (int i = 9; i >= 0; i--)
		printf("%02x", b[i]);
	printf("\n");
}

static void showd(const char *tag, double d)
{
	u64 u;
	memcpy(&u, &d, 8);
	printf("%s%016llx\n", tag, u);
}

int main(void)
{
	long double pd = make(0, 0x8000000000000001ULL);
	long double un = make(0x4000, 0x4000000000000000ULL);
	long double pinf = make(0x7fff, 0);
	long double pnan = make(0xffff, 0x4000000000000001ULL);
	long double one = 1.0L, zero = 0.0L;

	long double copy = pd;
	show("copy of pseudo-denormal ", copy);
	copy = un;
	show("copy of unnormal ", copy);
	show("pd+0 ", pd + zero);
	printf("pd==least normal %d\n", pd == 0x1p-16382L);
	printf("pd>0 %d\n", pd > 0);
	show("un+1 ", un + one);
	show("un*0 ", un * zero);
	printf("un==un %d un!=un %d un<1 %d\n", un == un, un != un, un < one);
	show("pinf*1 ", pinf * one);
	show("pnan-1 ", pnan - one);
	show("-un ", -un);
	showd("(double)un ", (double)un);
	showd("(double)pd ", (double)pd);
	printf("truth of un %d\n", un ? 1 : 0);

	long double q1 = make(0x7fff, 0xc000000000000123ULL);
	long double q2 = make(0xffff, 0xc000000000000456ULL);
	long double s1 = make(0x7fff, 0x8000000000000789ULL);
	show("q1+q2 ", q1 + q2);
	show("q2+q1 ", q2 + q1);
	show("s1*1 ", s1 * one);
	show("s1+q1 ", s1 + q1);
	show("q1/s1 ", q1 / s1);
	showd("(double)q2 ", (double)q2);
	show("(long double)nan double ", (long double)(zero / zero == 0 ? 1.0 : -__builtin_nan("")));
	show("inf-inf ", (one / zero) - (one / zero));
	show("nanl ", __builtin_nanl(""));
	show("infl ", -__builtin_infl());
	show("huge_vall ", __builtin_huge_vall());
	long double vals[] = { pd, un, pinf, pnan, q1, s1, one, zero, -zero, 0x1p-16445L, 0x1p-16382L,
		1e4932L, -1e4932L, one / zero, -one / zero, 1.18973149535723176502e+4932L };
	for (int i = 0; i < (int)(sizeof vals / sizeof vals[0]); i++) {
		long double x = vals[i];
		printf("%d: nan %d inf %d finite %d normal %d class %d isless %d unordered %d\n", i,
			__builtin_isnan(x) != 0, __builtin_isinf_sign(x), __builtin_isfinite(x) != 0,
			__builtin_isnormal(x) != 0, __builtin_fpclassify(0, 1, 2, 3, 4, x),
			__builtin_isless(x, one) != 0, __builtin_isunordered(x, 0.5) != 0);
	}
	return 0;
}
