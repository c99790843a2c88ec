#include <stdio.h>

static double dabs(double x) { return x < 0 ? -x : x; }
static int near(double a, double b, double eps) { return dabs(a - b) <= eps * (dabs(a) > dabs(b) ? dabs(a) : dabs(b)); }

int main(void) {
    double a = 0.1 + 0.2, b = 0.3;
    printf("0.1+0.2==0.3: %d near: %d\n", a == b, near(a, b, 1e-12));
    printf("a=%.17g b=%.17g\n", a, b);
    double z = 0.0, nz = -0.0;
    printf("0.0==-0.0: %d  nz<0: %d  print: %f %f\n", z == nz, nz < 0, z, nz);
    double v[] = {-2.5, -1.0, -0.5, 0.0, 0.5, 1.0, 2.5};
    for (int i = 0; i < 6; i++)
        printf("%g<%g:%d %g<=%g:%d %g>%g:%d\n", v[i], v[i + 1], v[i] < v[i + 1], v[i], v[i], v[i] <= v[i],
               v[i], v[i + 1], v[i] > v[i + 1]);
    float f = 0.1f;
    double d = 0.1;
    printf("(double)0.1f==0.1: %d\n", (double)f == d);
    printf("0.1f==(float)0.1: %d\n", f == (float)d);
    double q = 0.5, r = 0.25;
    printf("0.5+0.25==0.75: %d 0.75-0.5==r: %d\n", q + r == 0.75, 0.75 - q == r);
    printf("ordering: %d %d\n", q * 2 == 1.0, r / q == 0.5);
    double max = v[0], min = v[0];
    for (int i = 1; i < 7; i++) { if (v[i] > max) max = v[i]; if (v[i] < min) min = v[i]; }
    printf("min=%g max=%g\n", min, max);
    float fa = 16777216.0f;
    float fb = fa + 1.0f;
    printf("float 2^24+1==2^24: %d\n", fb == fa);
    double sum = 0;
    for (int i = 0; i < 10; i++) sum += 0.1;
    printf("sum of ten 0.1 == 1: %d near: %d (%.17g)\n", sum == 1.0, near(sum, 1.0, 1e-9), sum);
    int cmp = (2.0 > 1) + (1.5 >= 1.5) + (3.0f < 2.0) + (-1.0 != 1.0);
    printf("cmp=%d\n", cmp);
    return 10;
}
