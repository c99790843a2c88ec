#include <stdio.h>
#include <limits.h>
#include <stdbool.h>

static bool add_ok(int a, int b, int *r) {
    if ((b > 0 && a > INT_MAX - b) || (b < 0 && a < INT_MIN - b)) return false;
    *r = a + b;
    return true;
}
static bool mul_ok(int a, int b, int *r) {
    if (a == 0 || b == 0) { *r = 0; return true; }
    if (a > 0 ? (b > 0 ? a > INT_MAX / b : b < INT_MIN / a) : (b > 0 ? a < INT_MIN / b : a < INT_MAX / b)) return false;
    *r = a * b;
    return true;
}
static bool umul_ok(unsigned a, unsigned b, unsigned *r) {
    if (__builtin_expect(b && a > UINT_MAX / b, 0)) return false;
    *r = a * b;
    return true;
}
static __attribute__((unused)) bool unused_helper(void) { return true; }
static bool neg_ok(int a) { return a != INT_MIN; }
static bool div_ok(int a, int b) { return b != 0 && !(a == INT_MIN && b == -1); }

int main(void) {
    int pairs[][2] = {{1, 2}, {INT_MAX, 0}, {INT_MAX, 1}, {INT_MIN, -1}, {65536, 32768}, {46341, 46341},
                      {46340, 46340}, {-46341, 46341}, {INT_MIN, 1}, {-1, INT_MIN}};
    for (int i = 0; i < 10; i++) {
        int a = pairs[i][0], b = pairs[i][1], r;
        printf("%11d %11d:", a, b);
        if (add_ok(a, b, &r)) printf(" add=%d", r); else printf(" add=OVF");
        if (mul_ok(a, b, &r)) printf(" mul=%d", r); else printf(" mul=OVF");
        printf(" div=%s", div_ok(a, b) ? "ok" : "bad");
        printf(" neg=%s\n", neg_ok(a) ? "ok" : "bad");
    }
    unsigned u;
    printf("umul 65536*65536 %s\n", umul_ok(65536u, 65536u, &u) ? "ok" : "OVF");
    bool uok = umul_ok(65535u, 65537u, &u);
    printf("umul 65535*65537 %s %u\n", uok ? "ok" : "OVF", u);
    int f = 1, n = 1;
    while (mul_ok(f, n + 1, &f)) n++;
    printf("largest factorial in int: %d! = %d\n", n, f);
    return 8;
}
