#include <stdio.h>

static unsigned long long gcd(unsigned long long a, unsigned long long b) {
    while (b) { unsigned long long t = a % b; a = b; b = t; }
    return a;
}
static int gcd_rec(int a, int b) { return b == 0 ? a : gcd_rec(b, a % b); }
static unsigned binary_gcd(unsigned a, unsigned b) {
    if (a == 0) return b;
    if (b == 0) return a;
    int shift = 0;
    while (((a | b) & 1) == 0) { a >>= 1; b >>= 1; shift++; }
    while ((a & 1) == 0) a >>= 1;
    do {
        while ((b & 1) == 0) b >>= 1;
        if (a > b) { unsigned t = a; a = b; b = t; }
        b -= a;
    } while (b);
    return a << shift;
}
static long long ext_gcd(long long a, long long b, long long *x, long long *y) {
    if (b == 0) { *x = 1; *y = 0; return a; }
    long long x1, y1;
    long long g = ext_gcd(b, a % b, &x1, &y1);
    *x = y1;
    *y = x1 - (a / b) * y1;
    return g;
}

int main(void) {
    unsigned pairs[][2] = {{12, 18}, {17, 31}, {1071, 462}, {0, 9}, {1u << 20, 3u << 12}, {270, 192}};
    for (int i = 0; i < 6; i++) {
        unsigned a = pairs[i][0], b = pairs[i][1];
        unsigned long long g = gcd(a, b);
        printf("gcd(%u,%u)=%llu rec=%d bin=%u lcm=%llu\n", a, b, g, gcd_rec((int)a, (int)b),
               binary_gcd(a, b), g ? (unsigned long long)a / g * b : 0ULL);
    }
    long long x, y;
    long long g = ext_gcd(240, 46, &x, &y);
    printf("ext_gcd(240,46)=%lld x=%lld y=%lld check=%lld\n", g, x, y, 240 * x + 46 * y);
    g = ext_gcd(99, 78, &x, &y);
    printf("ext_gcd(99,78)=%lld x=%lld y=%lld\n", g, x, y);
    unsigned long long l = 1;
    for (unsigned long long k = 1; k <= 30; k++) l = l / gcd(l, k) * k;
    printf("lcm(1..30)=%llu\n", l);
    printf("gcd of fibs=%llu\n", gcd(832040ULL, 514229ULL));
    return 21;
}
