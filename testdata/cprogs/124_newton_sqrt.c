#include <stdio.h>

static double my_sqrt(double x, int *iters) {
    if (x == 0) { *iters = 0; return 0; }
    double g = x > 1 ? x / 2 : 1;
    int i = 0;
    for (;;) {
        double ng = 0.5 * (g + x / g);
        i++;
        if (ng == g || i > 60) break;
        double d = ng - g;
        g = ng;
        if (d < 1e-15 && d > -1e-15) break;
    }
    *iters = i;
    return g;
}

static double cbrt_newton(double x) {
    double g = x;
    for (int i = 0; i < 100; i++) g = g - (g * g * g - x) / (3 * g * g);
    return g;
}

static double fabs_(double x) { return x < 0 ? -x : x; }

int main(void) {
    double xs[] = {0, 1, 2, 4, 10, 0.25, 144, 1e6, 12345.678};
    for (int i = 0; i < 9; i++) {
        int it;
        double r = my_sqrt(xs[i], &it);
        printf("sqrt(%g)=%.9f sq=%.6f ok=%d\n", xs[i], r, r * r, fabs_(r * r - xs[i]) <= 1e-9 * (xs[i] + 1));
    }
    double cubes[] = {8, 27, 1000, 2};
    for (int i = 0; i < 4; i++) printf("cbrt(%g)=%.6f\n", cubes[i], cbrt_newton(cubes[i]));
    double lo = 1, hi = 2;
    for (int i = 0; i < 40; i++) {
        double mid = (lo + hi) / 2;
        if (mid * mid * mid - 2 * mid - 5 > 0) hi = mid; else lo = mid;
    }
    printf("root of x^3-2x-5 ~ %.6f\n", lo);
    double phi = 1;
    for (int i = 0; i < 50; i++) phi = 1 + 1 / phi;
    printf("phi=%.8f\n", phi);
    return 79;
}
