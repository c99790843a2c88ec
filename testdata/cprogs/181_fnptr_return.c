#include <stdio.h>

typedef double (*unary)(double);

static double twice(double x) { return 2 * x; }
static double square(double x) { return x * x; }
static double negate(double x) { return -x; }
static double inc(double x) { return x + 1; }

static unary pick(char c) {
    switch (c) {
    case 't': return twice;
    case 's': return square;
    case 'n': return negate;
    default: return inc;
    }
}

static double (*pick2(int i))(double) { return i % 2 ? square : twice; }

static double apply_chain(const char *spec, double x) {
    for (; *spec; spec++) x = pick(*spec)(x);
    return x;
}

static double integrate(unary f, double a, double b, int n) {
    double h = (b - a) / n, s = 0;
    for (int i = 0; i < n; i++) s += f(a + (i + 0.5) * h);
    return s * h;
}

int main(void) {
    const char *specs[] = {"t", "s", "ts", "st", "nst", "iiii", "tttt", "sns"};
    for (int i = 0; i < 8; i++) printf("%-5s(3) = %g\n", specs[i], apply_chain(specs[i], 3));
    for (int i = 0; i < 4; i++) printf("pick2(%d)(1.5)=%.2f\n", i, pick2(i)(1.5));
    printf("int sq 0..3 = %.4f\n", integrate(square, 0, 3, 100));
    printf("int twice 0..1 = %.4f\n", integrate(twice, 0, 1, 10));
    unary table[4] = {twice, square, negate, inc};
    double v = 1.0;
    for (int i = 0; i < 8; i++) { v = table[i % 4](v); printf("step %d v=%g\n", i, v); }
    return 80;
}
