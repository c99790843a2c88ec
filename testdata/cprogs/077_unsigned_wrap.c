#include <stdio.h>
#include <limits.h>
#include <stdint.h>

int main(void) {
    unsigned max = UINT_MAX;
    printf("UINT_MAX=%u\n", max);
    printf("UINT_MAX+1u=%u\n", UINT_MAX + 1u);
    printf("0u-1=%u\n", 0u - 1);
    printf("UINT_MAX*2=%u\n", max * 2u);
    printf("UINT_MAX*UINT_MAX=%u\n", max * max);
    unsigned a = 3, b = 5;
    printf("3-5=%u\n", a - b);
    printf("(3-5)+5=%u\n", a - b + b);
    unsigned long long ull = ULLONG_MAX;
    printf("ULLONG_MAX+1=%llu\n", ull + 1);
    printf("0ULL-2=%llu\n", 0ULL - 2);
    uint32_t h = 2166136261u;
    for (int i = 0; i < 5; i++) { h *= 16777619u; printf("h=%u\n", h); }
    unsigned n = 10;
    int iterations = 0;
    for (unsigned i = n; i < n + 1; i--) iterations++;
    printf("countdown iterations=%d\n", iterations);
    unsigned short us = 0;
    us = (unsigned short)(us - 1);
    printf("ushort 0-1=%u\n", us);
    unsigned neg = -5u;
    printf("-5u=%u\n", neg);
    printf("-(unsigned)1=%u\n", -(unsigned)1);
    uint64_t x = 1;
    for (int i = 0; i < 70; i++) x *= 3;
    printf("3^70 mod 2^64=%llu\n", (unsigned long long)x);
    unsigned dist = 10u - 250u;
    printf("dist=%u as int=%d\n", dist, (int)dist);
    printf("wrap compare: %d\n", (unsigned)(INT_MAX) + 1u > (unsigned)INT_MAX);
    return 90;
}
