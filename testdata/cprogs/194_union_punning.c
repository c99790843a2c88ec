/* Unions read through another member than the one last written (type
   punning, which C defines as reinterpreting the bytes): floats and their
   bits, integers of several widths, arrays of bytes, a struct and an
   integer, nested unions, and a union copied whole. */
#include <stdio.h>
#include <string.h>

union fu {
	float f;
	unsigned int u;
	unsigned char b[4];
};

union du {
	double d;
	unsigned long long u;
	unsigned short h[4];
	struct {
		unsigned int lo, hi;
	} w;
};

union nested {
	union fu in;
	long long wide;
	signed char s[8];
};

int main(void) {
	union fu a;
	a.f = 1.5f;
	printf("%08x %u %u %u %u\n", a.u, a.b[0], a.b[1], a.b[2], a.b[3]);
	a.u = 0x40490fdbu;
	printf("%.6f\n", (double)a.f);
	a.b[3] = 0xbf;
	printf("%.6f %08x\n", (double)a.f, a.u);
	union du d;
	d.d = -2.25;
	printf("%016llx %04x %04x %04x %04x %08x %08x\n", d.u, d.h[0], d.h[1], d.h[2], d.h[3], d.w.lo, d.w.hi);
	d.w.hi = 0x7ff00000u;
	d.w.lo = 0;
	printf("%f %d\n", d.d, d.d > 1e308);
	union nested n;
	n.wide = -1;
	n.in.u = 0x11223344u;
	printf("%lld %d %d %d %d %d\n", n.wide, n.s[0], n.s[3], n.s[4], n.s[7], n.in.b[1]);
	union nested m = n;
	m.s[0] = 5;
	printf("%lld %lld\n", n.wide, m.wide);
	unsigned int bits;
	float g = -0.0f;
	memcpy(&bits, &g, sizeof bits);
	union fu c = {.u = bits};
	printf("%08x %d\n", c.u, c.f == 0.0f);
	return 0;
}
