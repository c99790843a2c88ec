#include <stdio.h>
#include <stdint.h>

static inline int pop_naive(uint32_t x) { int c = 0; while (x) { c += x & 1; x >>= 1; } return c; }
static int pop_kernighan(uint32_t x) { int c = 0; while (x) { x &= x - 1; c++; } return c; }
static inline int pop_swar(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}
static int pop64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}
static __inline int parity(uint32_t x) { x ^= x >> 16; x ^= x >> 8; x ^= x >> 4; x ^= x >> 2; x ^= x >> 1; return (int)(x & 1); }
static int clz32(uint32_t x) { if (!x) return 32; int n = 0; while (!(x & 0x80000000u)) { x <<= 1; n++; } return n; }
static int ctz32(uint32_t x) { if (!x) return 32; int n = 0; while (!(x & 1)) { x >>= 1; n++; } return n; }

int main(void) {
    uint32_t v[] = {0, 1, 0xFF, 0x80000000u, 0xFFFFFFFFu, 0x12345678u, 0xDEADBEEFu, 0xAAAAAAAAu, 1000000u};
    for (int i = 0; i < 9; i++) {
        uint32_t x = v[i];
        int a = pop_naive(x), b = pop_kernighan(x), c = pop_swar(x);
        printf("%08x pop=%2d %s parity=%d clz=%2d ctz=%2d\n", x, a, (a == b && b == c) ? "ok" : "BAD",
               parity(x), clz32(x), ctz32(x));
    }
    uint64_t w[] = {0, ~0ull, 0x8000000000000001ull, 0x0123456789ABCDEFull};
    for (int i = 0; i < 4; i++) printf("pop64(%016llx)=%d\n", (unsigned long long)w[i], pop64(w[i]));
    int total = 0;
    for (uint32_t i = 0; i < 256; i++) total += pop_swar(i);
    printf("sum pop 0..255=%d\n", total);
    return total % 100;
}
