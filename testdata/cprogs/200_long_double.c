#include <stdio.h>
#include <string.h>

/* long double as gcc has it on x86: the x87 80-bit format, 64 significand
   bits. printf cannot take one here, so values are shown by their 10 data
   bytes, and doubles by their bits. */
typedef unsigned long long u64;

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

volatile long double vone = 1.0L;

int main(void)
{
	long double one = vone, tiny = 1e-17L, eps = one;
	show("one+tiny ", one + tiny);
	printf("one+tiny!=one %d, in double %d\n", one + tiny != one, (double)one + (double)tiny != (double)one);
	int bits = 0;
	while (one + eps / 2 != one) {
		eps /= 2;
		bits++;
	}
	printf("epsilon bits %d\n", bits);
	u64 big = 0xfffffffffffffff1ULL;
	long double lb = big;
	show("lb ", lb);
	printf("back %llx exact %d\n", (u64)lb, (u64)(lb - 1) == big - 1);
	long long neg = -0x7ffffffffffffff3LL;
	printf("neg back %lld\n", (long long)(long double)neg);
	long double third = one / 3;
	show("third ", third);
	show("2/3 ", 2 * one / 3);
	show("third*3 ", third * 3);
	showd("third as double ", (double)third);
	showd("third as float ", (double)(float)third);
	long double d = 0.1;
	show("0.1 from double ", d);
	show("0.1L ", 0.1L);
	show("-0.1L ", -0.1L);
	printf("0.1L==0.1 %d\n", 0.1L == 0.1);
	long double inc = 7;
	inc++;
	++inc;
	inc--;
	show("inc ", inc);
	long double b2 = 0x1p64L;
	b2++;
	show("2^64+1 ", b2);
	b2 = 0x1p63L;
	b2 += 1;
	show("2^63+1 ", b2);
	printf("7/2 %d -7/2 %d\n", (int)(inc / 2), (int)(-inc / 2));
	printf("cmp %d %d %d\n", inc < 8.5L, inc >= 8, inc == 8.000000000000000001L);
	float f = 1.0f / 3;
	long double lf = f;
	printf("float back %d\n", (float)lf == f);
	showd("round to double ", (double)(one + 0x1p-53L + 0x1p-62L));
	showd("tie to double ", (double)(one + 0x1p-53L));
	return 0;
}
