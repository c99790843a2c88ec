#include <stdio.h>

typedef struct { double x, y; } vec2;
typedef struct { int a[4]; int n; } quad;
typedef struct { char c; long l; short s; } mixed;

static vec2 vadd(vec2 a, vec2 b) { vec2 r = {a.x + b.x, a.y + b.y}; return r; }
static vec2 vscale(vec2 a, double k) { a.x *= k; a.y *= k; return a; }
static double vdot(vec2 a, vec2 b) { return a.x * b.x + a.y * b.y; }

static quad qinc(quad q) {
    for (int i = 0; i < q.n; i++) q.a[i] += i + 1;
    return q;
}

static mixed mk(char c, long l, short s) { mixed m; m.c = c; m.l = l; m.s = s; return m; }

int main(void) {
    vec2 a = {1.5, -2.0}, b = {0.25, 4.0};
    vec2 c = vadd(a, b);
    printf("c=(%.2f,%.2f)\n", c.x, c.y);
    vec2 d = vscale(c, 2.0);
    printf("d=(%.2f,%.2f) a unchanged=(%.2f,%.2f)\n", d.x, d.y, a.x, a.y);
    printf("dot=%.3f\n", vdot(a, b));
    vec2 e = vadd(vscale(a, 3), vscale(b, -1));
    printf("e=(%.2f,%.2f)\n", e.x, e.y);
    quad q = {{10, 20, 30, 40}, 3};
    quad r = qinc(q);
    for (int i = 0; i < 4; i++) printf("q[%d]=%d r[%d]=%d\n", i, q.a[i], i, r.a[i]);
    r = qinc(qinc(r));
    printf("r after 2 more: %d %d %d %d\n", r.a[0], r.a[1], r.a[2], r.a[3]);
    mixed m = mk('z', -100000L, 1234);
    printf("m=%c %ld %d\n", m.c, m.l, m.s);
    mixed ms[3];
    for (int i = 0; i < 3; i++) ms[i] = mk((char)('a' + i), i * 1000L, (short)(i * -7));
    for (int i = 0; i < 3; i++) printf("ms[%d]=%c %ld %d\n", i, ms[i].c, ms[i].l, ms[i].s);
    printf("field of call=%.2f\n", vadd(a, a).y);
    return 53;
}
