#include <stdio.h>
#include <stdlib.h>

typedef struct { long long n, d; } rat;

static long long gcd(long long a, long long b) { if (a < 0) a = -a; if (b < 0) b = -b; while (b) { long long t = a % b; a = b; b = t; } return a; }
static rat mk(long long n, long long d) {
    if (d < 0) { n = -n; d = -d; }
    long long g = gcd(n, d);
    if (g) { n /= g; d /= g; }
    return (rat){n, d};
}
static rat radd(rat a, rat b) { return mk(a.n * b.d + b.n * a.d, a.d * b.d); }
static rat rsub(rat a, rat b) { return mk(a.n * b.d - b.n * a.d, a.d * b.d); }
static rat rmul(rat a, rat b) { return mk(a.n * b.n, a.d * b.d); }
static rat rdiv(rat a, rat b) { return mk(a.n * b.d, a.d * b.n); }
static void show(const char *t, rat r) { printf("%-10s %lld/%lld (%.6f)\n", t, r.n, r.d, (double)r.n / (double)r.d); }
static int rcmp(rat a, rat b) { long long l = a.n * b.d, r = b.n * a.d; return (l > r) - (l < r); }

int main(void) {
    rat a = mk(1, 3), b = mk(-2, 4);
    show("a", a);
    show("b", b);
    show("a+b", radd(a, b));
    show("a-b", rsub(a, b));
    show("a*b", rmul(a, b));
    show("a/b", rdiv(a, b));
    printf("cmp(a,b)=%d cmp(b,a)=%d cmp(a,a)=%d\n", rcmp(a, b), rcmp(b, a), rcmp(a, a));
    rat h = mk(0, 1);
    for (int i = 1; i <= 10; i++) h = radd(h, mk(1, i));
    show("H10", h);
    rat e = mk(0, 1), term = mk(1, 1);
    for (int i = 1; i <= 12; i++) { e = radd(e, term); term = rdiv(term, mk(i, 1)); }
    show("e approx", e);
    rat x = mk(1, 1);
    for (int i = 0; i < 6; i++) { x = radd(mk(1, 1), rdiv(mk(1, 1), x)); show("cf phi", x); }
    printf("labs check=%ld %ld\n", labs(-5L), labs((long)(a.n - 10)));
    return 40;
}
