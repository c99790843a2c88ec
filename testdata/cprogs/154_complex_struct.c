#include <stdio.h>

typedef struct { double re, im; } cplx;

static cplx c_add(cplx a, cplx b) { return (cplx){a.re + b.re, a.im + b.im}; }
static cplx c_mul(cplx a, cplx b) { return (cplx){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }
static cplx c_div(cplx a, cplx b) {
    double d = b.re * b.re + b.im * b.im;
    return (cplx){(a.re * b.re + a.im * b.im) / d, (a.im * b.re - a.re * b.im) / d};
}
static cplx c_conj(cplx a) { return (cplx){a.re, -a.im}; }
static double c_abs2(cplx a) { return a.re * a.re + a.im * a.im; }
static void show(const char *n, cplx c) { printf("%-8s %8.4f %+8.4fi\n", n, c.re, c.im); }

static int mandel(cplx c, int maxit) {
    cplx z = {0, 0};
    for (int i = 0; i < maxit; i++) {
        z = c_add(c_mul(z, z), c);
        if (c_abs2(z) > 4) return i;
    }
    return maxit;
}

int main(void) {
    cplx a = {3, 4}, b = {1, -2};
    show("a", a);
    show("b", b);
    show("a+b", c_add(a, b));
    show("a*b", c_mul(a, b));
    show("a/b", c_div(a, b));
    show("conj a", c_conj(a));
    printf("|a|^2=%.2f\n", c_abs2(a));
    cplx p = {1, 0}, rot = {0, 1};
    for (int k = 0; k < 4; k++) { p = c_mul(p, rot); show("i^k", p); }
    for (int y = 4; y >= -4; y -= 2) {
        for (int x = -8; x <= 3; x++) {
            int it = mandel((cplx){x * 0.25, y * 0.25}, 30);
            putchar(it >= 30 ? '#' : it > 5 ? '+' : '.');
        }
        putchar('\n');
    }
    return 38;
}
