#include <stdio.h>
#include <stdbool.h>
#include <string.h>

/* Bit-field initialisers (positional, designated, nested, zero fill),
   unnamed and zero-width bit-fields, _Bool, char and long long bit-fields,
   struct copies, arrays of structs, globals. */
struct inner {
	unsigned lo : 4, hi : 4;
	int : 0;
	int s : 6;
	unsigned : 3;
	bool flag : 1;
};

struct outer {
	char tag;
	struct inner in;
	long long big : 64;
	unsigned long long w : 20;
	char ch : 3;
	unsigned char uc : 8;
};

struct outer g1 = { 'x', { 9, 15, -20, true }, -5000000000LL, 0xfffff, -2, 255 };
struct outer g2 = { .in.hi = 3, .ch = 3, .in.s = 31, .w = 1048577 };
struct inner garr[3] = { [1] = { 1, 2, 3, 0 }, [2].flag = 1, [0].s = -1 };

static void show(const char *tag, const struct outer *o)
{
	printf("%s: tag=%d lo=%u hi=%u s=%d flag=%d big=%lld w=%llu ch=%d uc=%u\n", tag, o->tag,
	       o->in.lo, o->in.hi, o->in.s, o->in.flag, o->big, (unsigned long long)o->w, o->ch, o->uc);
}

int main(void)
{
	struct outer a = { 'a', { 17, 3, 40, 2 }, 7, 3, 4, 256 };
	struct outer b = { .uc = 9, .in.s = -32 };
	struct outer c;
	struct inner arr[4];
	int i, sum = 0;
	printf("sizes %d %d\n", (int)sizeof(struct inner), (int)sizeof(struct outer));
	show("g1", &g1);
	show("g2", &g2);
	show("a", &a);
	show("b", &b);
	c = a;
	c.in.lo = 12;
	show("c", &c);
	show("a again", &a);
	memcpy(&c, &g1, sizeof c);
	show("memcpy", &c);
	c.in = g2.in;
	show("member copy", &c);
	for (i = 0; i < 3; i++)
		printf("garr[%d]: %u %u %d %d\n", i, garr[i].lo, garr[i].hi, garr[i].s, garr[i].flag);
	for (i = 0; i < 4; i++) {
		arr[i].lo = i * 5;
		arr[i].hi = i + 14;
		arr[i].s = -i * 11;
		arr[i].flag = i & 1;
	}
	for (i = 0; i < 4; i++) {
		arr[i].s += arr[i].lo;
		sum += arr[i].lo * 1000 + arr[i].hi * 100 + arr[i].s + arr[i].flag;
		printf("arr[%d]: %u %u %d %d\n", i, arr[i].lo, arr[i].hi, arr[i].s, arr[i].flag);
	}
	printf("sum %d\n", sum);
	a.in.flag = 0;
	a.in.flag += 3;
	a.big = a.big * -3;
	a.w = a.w - 4;
	a.ch = 'z';
	show("a updated", &a);
	return 0;
}
