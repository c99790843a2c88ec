#include <stdio.h>


int main(void) {
    double leibniz = 0;
    int sign = 1;
    for (int k = 0; k < 1000; k++) {
        leibniz += sign * 4.0 / (2 * k + 1);
        sign = -sign;
        if (k == 9 || k == 99 || k == 999) printf("leibniz %4d terms: %.4f\n", k + 1, leibniz);
    }
    double wallis = 1;
    for (int n = 1; n <= 500; n++) {
        double t = 4.0 * n * n;
        wallis *= t / (t - 1);
    }
    printf("wallis*2=%.4f\n", 2 * wallis);
    double e = 1, term = 1;
    for (int n = 1; n < 20; n++) { term /= n; e += term; }
    printf("e=%.10f\n", e);
    double basel = 0;
    for (int n = 1; n <= 2000; n++) basel += 1.0 / ((double)n * n);
    printf("basel=%.5f\n", basel);
    double x = 0.5, sinx = 0, t = x;
    for (int n = 1; n < 12; n += 2) {
        sinx += t;
        t = -t * x * x / ((n + 1) * (n + 2));
    }
    printf("sin(0.5)~%.8f\n", sinx);
    float fsum = 0.0f;
    for (int i = 0; i < 100; i++) fsum += 0.5f;
    printf("float sum=%.2f\n", fsum);
    double h = 0;
    for (int i = 1; i <= 100; i++) h += 1.0 / i;
    printf("H100=%.6f\n", h);
    double a = 1, b = 0.5, tt = 0.25, pp = 1;
    for (int k = 0; k < 30; k++) b = 0.5 * (b + 0.5 / b);
    for (int i = 0; i < 3; i++) {
        double an = (a + b) / 2, prod = a * b, r = prod;
        for (int k = 0; k < 30; k++) r = 0.5 * (r + prod / r);
        tt -= pp * (a - an) * (a - an);
        a = an; b = r; pp *= 2;
    }
    printf("gauss-legendre pi=%.6f\n", (a + b) * (a + b) / (4 * tt));
    printf("%e %e\n", leibniz / 1000, wallis * 1e10);
    printf("%g %g\n", e * 1e-7, basel * 1e12);
    return 81;
}
