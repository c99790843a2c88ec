#include <stdio.h>

/* Bit-fields of 32 bits or more in a 64-bit type: gcc computes with a
   value of the field's own width (unsigned 40 bits wrap at 2^40), which
   the integer promotions leave alone; 32-bit ones act as (unsigned) int,
   narrower ones are promoted to int. */
typedef unsigned long long u64;
typedef long long i64;
struct wide {
	u64 x : 40;
	i64 y : 40;
	u64 z : 32;
	i64 w : 33;
	u64 v : 24;
	u64 t : 63;
};

#define P(tag, e) printf("%s %llu\n", tag, (u64)(e))

int main(void)
{
	struct wide s = { 0xffffffffffULL, 0x7fffffffffLL, 0xffffffffu, -1, 0xffffff, 5 };
	P("x+1", s.x + 1);
	P("x+1==0", s.x + 1 == 0);
	P("x*2", s.x * 2);
	P("x<<4", s.x << 4);
	P("-x", -s.x);
	P("~x", ~s.x);
	P("x+1ll", s.x + 1LL);
	P("x+1u", s.x + 1u);
	P("x>-1", s.x > -1);
	P("x^-2", s.x ^ -2);
	P("y+x", s.y + s.x);
	P("y>x", s.y > s.x);
	P("z+1", s.z + 1);
	P("z+1ll", s.z + 1LL);
	P("w+0u", s.w + 0u);
	P("v-2^24", (i64)(s.v - 0x1000000));
	P("t+t", s.t + s.t);
	P("cond", (1 ? s.x : 0) + 1);
	P("cond z", (0 ? s.x : s.z) + 1);
	P("comma", (s.v, s.x) + 1);
	P("assign", (s.x = 0xffffffffffULL) + 1);
	P("compound", (s.x += 0) + 1);
	P("post", s.x++ + 1);
	P("after", s.x);
	s.x -= 6;
	P("x-=6", s.x);
	s.x = 3;
	P("(x-4)>>1", (s.x - 4) >> 1);
	P("(x-4)/2", (s.x - 4) / 2);
	P("x%2+max", s.x % 2 + 0xffffffffffULL);
	s.y = -3;
	P("y>>1", (i64)(s.y >> 1));
	P("y/2", (i64)(s.y / 2));
	P("y*-16", (i64)(s.y * -16));
	P("y<x", s.y < s.x);
	u64 q = s.x * 0x5555555555ULL;
	i64 r = s.y;
	P("q", q);
	P("r", r);
	double d = s.x + 0.5;
	printf("d %.1f\n", d);
	switch (s.x - 4) {
	case 0xffffffffffULL: puts("switch wraps"); break;
	default: puts("switch does not wrap");
	}
	return (int)(s.x + 0xfffffffffeULL) % 100;
}
