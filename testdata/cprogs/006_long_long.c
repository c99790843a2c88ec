#include <stdio.h>
#include <limits.h>

int main(void) {
    long long a = 9000000000LL;
    unsigned long long b = 18000000000000000000ULL;
    printf("a=%lld b=%llu\n", a, b);
    printf("a*1000=%lld\n", a * 1000);
    printf("b/3=%llu b%%7=%llu\n", b / 3, b % 7);
    printf("LLONG_MAX=%lld\n", LLONG_MAX);
    printf("LLONG_MIN=%lld\n", LLONG_MIN);
    printf("ULLONG_MAX=%llu\n", ULLONG_MAX);
    printf("hex=%llx %#llX\n", b, 0x123456789abcULL);
    unsigned long long z = 0;
    z--;
    printf("0-- =%llu\n", z);
    long long f = 1;
    for (int i = 1; i <= 20; i++)
        f *= i;
    printf("20!=%lld\n", f);
    long long n = -9876543210LL;
    printf("n/100=%lld n%%100=%lld\n", n / 100, n % 100);
    printf("n>>3=%lld\n", n >> 3);
    unsigned long long p = 1ULL << 63;
    printf("1<<63=%llu\n", p);
    printf("p>>62=%llu\n", p >> 62);
    int lo = (int)(a & 0xFFFFFFFF);
    unsigned hi = (unsigned)(a >> 32);
    printf("lo=%d hi=%u\n", lo, hi);
    long long m = LLONG_MIN;
    printf("m+1=%lld\n", m + 1);
    unsigned long long mix = (unsigned long long)-1LL;
    printf("mix=%llu\n", mix);
    return 13;
}
