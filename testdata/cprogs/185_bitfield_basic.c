#include <stdio.h>

/* Bit-fields: signed and unsigned, widths 1..31, adjacent fields sharing a
   unit, truncating stores, compound assignment, ++ and --. */
struct flags {
	unsigned a : 1;
	unsigned b : 3;
	int c : 5;
	unsigned d : 7;
	int e : 16;
	unsigned f : 31;
	int g : 31;
	unsigned char h : 2;
	signed char i : 4;
	unsigned short j : 9;
};

static void show(const char *tag, struct flags *s)
{
	printf("%s: a=%u b=%u c=%d d=%u e=%d f=%u g=%d h=%d i=%d j=%d\n", tag, s->a, s->b,
	       s->c, s->d, s->e, s->f, s->g, s->h, s->i, s->j);
}

int main(void)
{
	struct flags s;
	int v;
	printf("sizeof=%d\n", (int)sizeof(struct flags));
	s.a = 1; s.b = 5; s.c = -3; s.d = 100; s.e = -1234; s.f = 0x7fffffff;
	s.g = -5; s.h = 3; s.i = -8; s.j = 511;
	show("init", &s);
	s.a = 2; s.b = 9; s.c = 16; s.d = 200; s.e = 40000; s.f = 0xffffffffu;
	s.h = 5; s.i = 8; s.j = 1000;
	show("trunc", &s);
	s.b += 6; s.c -= 20; s.d *= 3; s.e /= 7; s.f >>= 3; s.g *= 4;
	s.h ^= 1; s.i |= 3; s.j %= 100;
	show("compound", &s);
	v = s.b++; printf("post b: %d -> %u\n", v, s.b);
	v = ++s.b; printf("pre b: %d\n", v);
	s.b = 7; v = ++s.b; printf("wrap b: %d %u\n", v, s.b);
	s.c = 15; v = s.c++; printf("post c: %d -> %d\n", v, s.c);
	s.c = -16; v = --s.c; printf("pre c: %d\n", v);
	s.a = 0; s.a--; printf("a-- from 0: %u\n", s.a);
	v = (s.c = 33); printf("assign value: %d\n", v);
	v = (s.b += 13); printf("compound value: %d\n", v);
	printf("promote: %d %d %d\n", s.b - 8 < 0, s.f - 1 > 0, s.a + s.b);
	printf("sizes: %d %d\n", (int)sizeof(s.b + 0), (int)sizeof(s.f + 0));
	s.e = -1;
	printf("shift e: %d %d\n", s.e >> 1, s.e & 0xff);
	show("end", &s);
	return s.b;
}
