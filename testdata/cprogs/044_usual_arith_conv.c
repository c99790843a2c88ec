#include <stdio.h>

int main(void) {
    int neg = -1;
    unsigned one = 1u;
    printf("-1 < 1u: %d\n", -1 < 1u);
    printf("neg < one (unsigned cmp): %d\n", (unsigned)neg < one);
    printf("-1 > 1u: %d\n", -1 > 1u);
    long long lneg = -1;
    printf("-1LL < 1u: %d\n", lneg < one);
    unsigned long long big = 1;
    printf("-1 as ull > 1: %d\n", (unsigned long long)neg > big);
    int i = -5;
    unsigned u = 3;
    printf("i+u=%u\n", i + u);
    printf("(i+u) as int=%d\n", (int)(i + u));
    printf("i*u=%u\n", i * u);
    printf("i/u=%u\n", i / u);
    long l = -5;
    printf("l+u: size=%zu\n", sizeof(l + u));
    double d = 2.5;
    printf("i+d=%f\n", i + d);
    float f = 0.5f;
    printf("u*f=%f\n", u * f);
    char c = -3;
    unsigned char uc = 3;
    printf("c+uc=%d\n", c + uc);
    short s = -2;
    unsigned short us = 2;
    printf("s<us: %d\n", s < us);
    printf("s*us=%d\n", s * us);
    unsigned int ux = 0;
    printf("ux-1 > 0: %d\n", ux - 1 > 0);
    long long ll = 5;
    unsigned uu = 10;
    printf("ll-uu=%lld\n", ll - uu);
    int cmp = (unsigned char)200 > (signed char)-56;
    printf("uc200 > sc-56: %d\n", cmp);
    printf("ternary mix: %f\n", 1 ? 1 : 2.0);
    printf("ternary uns: %u\n", 0 ? 1u : (unsigned)-2);
    return 22;
}
