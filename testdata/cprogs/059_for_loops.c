#include <stdio.h>

int main(void) {
    int sum = 0;
    for (int i = 0; i < 10; i++) sum += i;
    printf("sum=%d\n", sum);
    int i = 0;
    for (; i < 5; ) i += 2;
    printf("i=%d\n", i);
    int n = 0;
    for (;;) { if (++n == 7) break; }
    printf("n=%d\n", n);
    for (int a = 10; a > 0; a -= 3) printf("a=%d\n", a);
    int evens = 0;
    for (int k = 0; k < 20; k++) {
        if (k % 2) continue;
        if (k > 14) break;
        evens += k;
    }
    printf("evens=%d\n", evens);
    for (unsigned u = 3; u-- > 0;) printf("u=%u\n", u);
    int m;
    for (m = 1; m < 1000; m *= 3) {}
    printf("m=%d\n", m);
    char s[] = "loop";
    for (char *p = s; *p; p++) putchar(*p + 1);
    putchar('\n');
    int j, k;
    for (j = 0, k = 10; j < k; j++, k--) {}
    printf("j=%d k=%d\n", j, k);
    int prod = 1;
    for (int x = 1; x <= 5; prod *= x++) {}
    printf("prod=%d\n", prod);
    double h = 0;
    for (double x = 0.0; x < 1.0; x += 0.25) h += x;
    printf("h=%.2f\n", h);
    for (int q = 0; q < 3; q++) {
        int q2 = q * q;
        printf("q=%d q2=%d\n", q, q2);
    }
    return 54;
}
