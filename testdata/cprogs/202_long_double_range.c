#include <stdio.h>
#include <string.h>
#include <stddef.h>

/* long double's range: overflow to infinity, subnormals and their
   rounding (ties to even), NaNs, signed zeros; and its layout: 16 bytes
   aligned to 16 on x86-64, 12 aligned to 4 on i386 (what a store leaves in
   the padding depends on gcc's optimisation). */
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

int main(void)
{
	long double big = 1e4000L, small = 1e-4940L, least = 0x1p-16445L;
	show("1e4000L ", big);
	show("1e4000L^2 ", big * big);
	show("1e-4940L ", small);
	show("small/3 ", small / 3);
	show("min/2 ", 0x1p-16382L / 2);
	show("least/2 ", least / 2);
	show("least*3/4 ", least * 0.75L);
	show("least*3/2 ", least * 1.5L);
	show("least*5/2 ", least * 2.5L);
	show("least*7/2 ", least * 3.5L);
	long double inf = big * big, nan = inf - inf, zero = inf - inf == 0 ? 1 : 0;
	show("inf-inf ", nan);
	show("-0 ", -zero);
	show("-0+0 ", -zero + zero);
	printf("nan!=nan %d\n", nan != nan);
	show("nan*2 ", nan * 2);
	printf("sizeof %u alignof %u\n", (unsigned)sizeof(long double), (unsigned)_Alignof(long double));
	printf("struct %u %u %u\n", (unsigned)sizeof(struct s), (unsigned)offsetof(struct s, x), (unsigned)offsetof(struct s, i));
	struct s st;
	memset(&st, 0xab, sizeof st);
	st.x = 2.5L;
	show("st.x ", st.x);
	printf("st.i %x\n", (unsigned)st.i);
	long double arr[3] = { 1.5L, -2.25L, 3 }, sum = 0;
	for (int k = 0; k < 3; k++)
		sum += arr[k];
	show("sum ", sum);
	printf("arr stride %u\n", (unsigned)((char *)&arr[1] - (char *)&arr[0]));
	return 0;
}
