#include <stdio.h>
#include <string.h>
#include <stddef.h>

/* long double as gcc has it on x86: the x87 80-bit format, 64 significand
   bits with an explicit integer bit, padded to 16 bytes (LP64) or 12
   (i386). printf cannot take a long double here, so values are shown by
   their 10 data bytes and through conversions. */
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

struct s {
	char c;
	long double x;
	int i;
};

volatile long double vone = 1.0L;

int main(void)
{
	long double one = vone, tiny = 1e-17L;
	show("one ", one);
	show("one+tiny ", one + tiny);
	printf("one+tiny!=one %d\n", one + tiny != one);
	printf("double one+tiny!=one %d\n", (double)one + (double)tiny != (double)one);
	long double eps = one;
	int bits = 0;
	while (one + eps / 2 != one) {
		eps /= 2;
		bits++;
	}
	printf("epsilon bits %d\n", bits);
	show("eps ", eps);

	u64 big = 0xfffffffffffffff1ULL;
	long double lb = big;
	show("lb ", lb);
	printf("back %llx\n", (u64)lb);
	printf("exact %d\n", (u64)(lb - 1) == big - 1);
	long long neg = -0x7ffffffffffffff3LL;
	long double ln = neg;
	printf("neg back %lld\n", (long long)ln);

	long double third = one / 3;
	show("third ", third);
	show("2/3 ", 2 * one / 3);
	show("third*3 ", third * 3);
	printf("third as double %a\n", (double)third);
	printf("third as float %a\n", (double)(float)third);
	long double d = 0.1;
	show("0.1 from double ", d);
	show("0.1L ", 0.1L);
	printf("0.1L==0.1 %d\n", 0.1L == 0.1);
	show("-0.1L ", -0.1L);

	long double big1 = 1e4000L;
	show("1e4000L ", big1);
	show("1e4000L*1e4000L ", big1 * big1);
	printf("to double %a\n", (double)big1);
	long double small = 1e-4940L;
	show("1e-4940L ", small);
	show("small/3 ", small / 3);
	show("min/2 ", 0x1p-16382L / 2);
	show("least/2 ", 0x1p-16445L / 2);
	show("least*3/4 ", 0x1p-16445L * 0.75L);
	show("least*3/2 ", 0x1p-16445L * 1.5L);
	show("least*5/2 ", 0x1p-16445L * 2.5L);
	show("least*7/2 ", 0x1p-16445L * 3.5L);
	show("inf-inf ", big1 * big1 - big1 * big1);
	show("0/0 ", (one - one) / (one - one));
	show("-0 ", -(one - one));
	show("-0+0 ", -(one - one) + (one - one));
	printf("nan!=nan %d\n", (big1 * big1 - big1 * big1) != (big1 * big1 - big1 * big1));
	show("nan*2 ", (double)0.0 / 0.0 * one);

	int i = 7;
	long double li = i;
	long double inc = li;
	inc++;
	++inc;
	inc--;
	show("inc ", inc);
	long double big2 = 0x1p64L;
	big2++;
	show("2^64+1 ", big2);
	big2 = 0x1p63L;
	big2 += 1;
	show("2^63+1 ", big2);
	printf("7/2 %d\n", (int)(li / 2));
	printf("-7/2 %d\n", (int)(-li / 2));
	printf("cmp %d %d %d\n", li < 7.5L, li >= 7, li == 7.000000000000000001L);
	float f = 1.0f / 3;
	long double lf = f;
	printf("float back %d\n", (float)lf == f);
	printf("round to double %a\n", (double)(one + 0x1p-53L + 0x1p-62L));
	printf("tie to double %a\n", (double)(one + 0x1p-53L));

	printf("sizeof %u alignof %u\n", (unsigned)sizeof(long double), (unsigned)_Alignof(long double));
	printf("struct %u %u %u\n", (unsigned)sizeof(struct s), (unsigned)offsetof(struct s, x), (unsigned)offsetof(struct s, i));
	struct s st;
	memset(&st, 0xab, sizeof st);
	st.x = 2.5L;
	unsigned char *p = (unsigned char *)&st.x;
	printf("padding after store %02x %02x\n", p[10], p[sizeof(long double) - 1]);
	show("st.x ", st.x);
	long double arr[3] = { 1.5L, -2.25L, 3 };
	long double sum = 0;
	for (int k = 0; k < 3; k++)
		sum += arr[k];
	show("sum ", sum);
	printf("arr stride %u\n", (unsigned)((char *)&arr[1] - (char *)&arr[0]));
	return 0;
}
