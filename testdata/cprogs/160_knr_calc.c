#include <stdio.h>

static int depth;

long power(base, n)
    int base, n;
{
    long p = 1;
    while (n-- > 0) p *= base;
    return p;
}

int digits(n, base)
    long n;
    int base;
{
    int d = 0;
    do { d++; n /= base; } while (n);
    return d;
}

void show(label, value, width)
    char *label;
    long value;
    int width;
{
    depth++;
    if (width > 3) printf("%-8s=%5ld\n", label, value);
    else printf("%-8s=%ld\n", label, value);
}

double mean(a, n)
    double a[];
    int n;
{
    double s = 0;
    int i;
    for (i = 0; i < n; i++) s += a[i];
    return s / n;
}

int main(void) {
    int i;
    for (i = 0; i <= 10; i += 2) printf("2^%d=%ld 3^%d=%ld\n", i, power(2, i), i, power(3, i));
    printf("digits(123456,10)=%d digits(255,2)=%d digits(0,16)=%d\n", digits(123456L, 10), digits(255L, 2), digits(0L, 16));
    show("answer", 42L, 5);
    show("neg", -17L, 5);
    double xs[] = {1.5, 2.5, 3.0, 5.0};
    printf("mean=%.4f\n", mean(xs, 4));
    printf("depth=%d\n", depth);
    return 50;
}
