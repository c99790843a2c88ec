#include <stdio.h>
#include <stdint.h>

static uint32_t xs32 = 2463534242u;
static uint32_t xorshift32(void) {
    uint32_t x = xs32;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return xs32 = x;
}

static uint64_t s64 = 88172645463325252ull;
static uint64_t xorshift64(void) {
    s64 ^= s64 << 13;
    s64 ^= s64 >> 7;
    s64 ^= s64 << 17;
    return s64;
}

static uint32_t lcg_state = 1;
static uint32_t lcg(void) { lcg_state = lcg_state * 1664525u + 1013904223u; return lcg_state; }

int main(void) {
    for (int i = 0; i < 6; i++) printf("xs32[%d]=%u\n", i, xorshift32());
    for (int i = 0; i < 5; i++) printf("xs64[%d]=%llu\n", i, (unsigned long long)xorshift64());
    for (int i = 0; i < 5; i++) printf("lcg[%d]=%08x\n", i, lcg());
    int hist[10] = {0};
    for (int i = 0; i < 2000; i++) hist[xorshift32() % 10]++;
    for (int i = 0; i < 10; i++) printf("hist[%d]=%d\n", i, hist[i]);
    uint32_t dice = 0;
    for (int i = 0; i < 100; i++) dice += lcg() >> 29;
    printf("dice sum=%u\n", dice);
    int inside = 0;
    for (int i = 0; i < 1000; i++) {
        uint32_t a = xorshift32() >> 16, b = xorshift32() >> 16;
        if ((uint64_t)a * a + (uint64_t)b * b < 65536ull * 65536ull) inside++;
    }
    printf("pi~%.3f\n", 4.0 * inside / 1000);
    return 85;
}
