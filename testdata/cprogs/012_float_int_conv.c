#include <stdio.h>

int main(void) {
    double vals[] = {3.99, -3.99, 0.5, -0.5, 1e9, -2147483648.0, 123.0};
    for (int i = 0; i < 7; i++) {
        int t = (int)vals[i];
        long long ll = (long long)vals[i];
        printf("%f -> %d %lld\n", vals[i], t, ll);
    }
    double big = 4e9;
    unsigned u = (unsigned)big;
    printf("4e9 -> %u\n", u);
    long long huge = 9007199254740993LL;
    double dh = (double)huge;
    printf("2^53+1 -> %.1f\n", dh);
    printf("back -> %lld\n", (long long)dh);
    float f = 16777217.0f;
    printf("float(16777217)=%.1f\n", f);
    int i = 16777217;
    float fi = (float)i;
    printf("int->float=%.1f\n", fi);
    unsigned char uc = (unsigned char)200.7;
    printf("uc=%u\n", uc);
    short s = (short)-300.9;
    printf("s=%d\n", s);
    double q = 7 / 2;
    double q2 = 7 / 2.0;
    printf("7/2=%f 7/2.0=%f\n", q, q2);
    int k = 10;
    double avg = (double)k / 4;
    printf("avg=%f\n", avg);
    float ff = 2.75f;
    double dd = ff;
    printf("widen=%f\n", dd);
    float nf = (float)0.1;
    printf("0.1f=%.10f\n", nf);
    printf("0.1=%.17f\n", 0.1);
    unsigned long long ull = 18446744073709549568ULL;
    double du = (double)ull;
    printf("ull->d=%.1f\n", du);
    printf("d->ull=%llu\n", (unsigned long long)du);
    int neg = -7;
    printf("neg->d=%f\n", (double)neg);
    return 16;
}
