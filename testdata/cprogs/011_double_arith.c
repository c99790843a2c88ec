#include <stdio.h>

static double poly(double x) { return ((2.0 * x - 3.0) * x + 0.5) * x - 1.0; }

int main(void) {
    double a = 3.0, b = 0.5;
    printf("a/b=%f a*b=%f\n", a / b, a * b);
    printf("a-b=%.3f a+b=%.3f\n", a - b, a + b);
    for (int i = -2; i <= 2; i++) {
        double x = i * 0.5;
        printf("poly(%.1f)=%f\n", x, poly(x));
    }
    double acc = 1.0;
    for (int i = 0; i < 20; i++)
        acc *= 2.0;
    printf("2^20=%f %e %g\n", acc, acc, acc);
    double r = 1.0;
    for (int i = 0; i < 20; i++)
        r /= 2.0;
    printf("2^-20=%e %g\n", r, r);
    double d = 10.0;
    d -= 0.25;
    d *= 4;
    d /= 3;
    printf("d=%f\n", d);
    printf("cmp %d %d %d %d\n", a < b, a >= 3.0, b <= 0.5, a != a);
    double neg = -0.0625;
    printf("neg=%f %e %g\n", neg, neg, neg);
    printf("%10.4f|%-10.2f|%+.1f\n", a, b, a);
    printf("%.0f %.1f %.2f\n", 2.5, 0.25, 1.005);
    printf("%g %g %g %g\n", 100000.0, 1000000.0, 0.0001, 0.00001);
    printf("%e\n", 123456.789);
    printf("%#g %g\n", 1.0, 1.5);
    return 14;
}
