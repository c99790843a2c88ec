#include <stdio.h>
#include <string.h>

/* The x87 format stores the significand's integer bit, so it has encodings
   IEEE formats lack: a pseudo-denormal (exponent 0, integer bit set) is the
   number it denotes; an unnormal, pseudo-infinity or pseudo-NaN (exponent
   nonzero, integer bit clear) is an invalid operand: the default NaN. A
   copy keeps the bits, and of two NaNs the larger significand wins. */
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

int main(void)
{
	/* volatile: at -O2 gcc would fold x*1 to x, which the x87 does not */
	volatile long double pd = make(0, 0x8000000000000001ULL), un = make(0x4000, 0x4000000000000000ULL);
	volatile long double pinf = make(0x7fff, 0), pnan = make(0xffff, 0x4000000000000001ULL);
	volatile long double one = 1.0L, zero = 0.0L;
	long double copy = pd;
	show("copy of pseudo-denormal ", copy);
	copy = un;
	show("copy of unnormal ", copy);
	show("pd+0 ", pd + zero);
	printf("pd==least normal %d pd>0 %d\n", pd == 0x1p-16382L, pd > 0);
	show("un+1 ", un + one);
	show("un*0 ", un * zero);
	printf("un==un %d un!=un %d un<1 %d\n", un == un, un != un, un < one);
	show("pinf*1 ", pinf * one);
	show("pnan-1 ", pnan - one);
	show("-un ", -un);
	double d = un;
	u64 u;
	memcpy(&u, &d, 8);
	printf("(double)un %016llx (double)pd %d\n", u, (double)pd == 0);
	printf("truth of un %d\n", un ? 1 : 0);
	volatile long double q1 = make(0x7fff, 0xc000000000000123ULL), q2 = make(0xffff, 0xc000000000000456ULL);
	volatile long double s1 = make(0x7fff, 0x8000000000000789ULL);
	show("q1+q2 ", q1 + q2);
	show("q2+q1 ", q2 + q1);
	show("s1*1 ", s1 * one);
	show("s1+q1 ", s1 + q1);
	show("q1/s1 ", q1 / s1);
	d = q2;
	memcpy(&u, &d, 8);
	printf("(double)q2 %016llx\n", u);
	show("nanl ", __builtin_nanl(""));
	show("-infl ", -__builtin_infl());
	show("huge_vall ", __builtin_huge_vall());
	return 0;
}
