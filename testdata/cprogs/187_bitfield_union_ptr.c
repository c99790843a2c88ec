#include <stdio.h>
#include <string.h>

/* Bit-fields through pointers, in unions and anonymous members, in 8-byte
   units, crossing byte boundaries, as arguments and results, with enums. */
enum color { RED, GREEN, BLUE, WHITE };

struct pix {
	enum color col : 2;
	unsigned x : 12;
	unsigned y : 12;
	struct {
		int dx : 5;
		int dy : 5;
	};
	unsigned long long p : 10, q : 30, r : 20;
	unsigned full : 32;
	int sfull : 32;
};

union word {
	unsigned v;
	struct {
		unsigned lo : 8, mid : 16, top : 8;
	} f;
	unsigned char bytes[4];
};

static struct pix move(struct pix p, int k)
{
	p.x += p.dx * k;
	p.y -= p.dy * k;
	p.col = (p.col + 1) % 4;
	return p;
}

static int get_q(const struct pix *p) { return p->q; }

int main(void)
{
	struct pix a, b, *pp = &a;
	union word w;
	int i;
	memset(&a, 0, sizeof a);
	pp->col = BLUE;
	pp->x = 4000; pp->y = 100; pp->dx = -3; pp->dy = 15;
	pp->p = 1023; pp->q = 0x3fffffff; pp->r = 0xabcde;
	pp->full = 0xdeadbeef; pp->sfull = -7;
	printf("sz %d: %d %u %u %d %d\n", (int)sizeof a, pp->col, pp->x, pp->y, pp->dx, pp->dy);
	printf("pqr %u %d %u q+1=%d\n", (unsigned)a.p, get_q(&a), (unsigned)a.r, a.q + 1);
	printf("full %u %d %u\n", a.full, a.sfull, a.full + 1);
	for (i = 0; i < 4; i++) {
		b = move(a, i);
		printf("move %d: col=%d x=%u y=%u\n", i, b.col, b.x, b.y);
		a = b;
	}
	pp->q = pp->q * 8u; pp->r = pp->r * 7; pp->p--;
	printf("after %u %u %u\n", (unsigned)a.p, (unsigned)a.q, (unsigned)a.r);
	w.v = 0x12345678;
	printf("union %x %x %x\n", w.f.lo, w.f.mid, w.f.top);
	w.f.mid = 0xbeef;
	printf("v %x bytes %x %x\n", w.v, w.bytes[1], w.bytes[2]);
	w.f.top++;
	w.f.lo = w.f.top ? w.f.mid : 1;
	printf("v %x\n", w.v);
	a.dx = a.dy = 99;
	printf("chain %d %d\n", a.dx, a.dy);
	a.col = WHITE;
	switch (a.col) {
	case WHITE: puts("white"); break;
	default: puts("other");
	}
	printf("cond %d %d\n", a.dx > 0 ? a.dx : -a.dx, (a.x & 1) ? 1 : 2);
	return a.col;
}
