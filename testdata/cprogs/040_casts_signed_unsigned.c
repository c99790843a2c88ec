#include <stdio.h>
#include <limits.h>

int main(void) {
    int neg = -1;
    unsigned u = (unsigned)neg;
    printf("(unsigned)-1=%u\n", u);
    printf("(int)UINT_MAX=%d\n", (int)UINT_MAX);
    long long ln = -1;
    printf("(ull)-1LL=%llu\n", (unsigned long long)ln);
    unsigned char uc = (unsigned char)-3;
    printf("(uchar)-3=%u\n", uc);
    signed char sc = (signed char)uc;
    printf("(schar)253=%d\n", sc);
    unsigned short us = 65535;
    short ss = (short)us;
    printf("(short)65535=%d\n", ss);
    int back = (int)(unsigned short)ss;
    printf("back=%d\n", back);
    unsigned big = 3000000000u;
    int asint = (int)big;
    printf("(int)3e9=%d\n", asint);
    long long widened = big;
    long long widened_s = asint;
    printf("widen u=%lld widen s=%lld\n", widened, widened_s);
    int m = INT_MIN;
    unsigned um = (unsigned)m;
    printf("(unsigned)INT_MIN=%u neg in unsigned=%u\n", um, 0u - um);
    printf("sign extend: %d %d\n", (int)(signed char)0x80, (int)(unsigned char)0x80);
    printf("%d\n", (int)(short)(unsigned short)0x8001);
    unsigned long ul = (unsigned long)-2L;
    printf("ul=%lu\n", ul);
    long l2 = (long)(ul / 2);
    printf("l2=%ld\n", l2);
    int i2 = -7;
    printf("(unsigned)-7 / 2 = %u, -7/2=%d\n", (unsigned)i2 / 2, i2 / 2);
    printf("(unsigned)-7 %% 10 = %u\n", (unsigned)i2 % 10u);
    unsigned long long mix = (unsigned)-1 + 1ULL;
    printf("mix=%llu\n", mix);
    long long mix2 = -1 + 0LL;
    printf("mix2=%lld\n", mix2);
    return 15;
}
