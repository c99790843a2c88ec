#include <stdio.h>
#include <stdint.h>

static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }
static __inline unsigned rotl32(unsigned x, int r) { return r ? (x << r) | (x >> (32 - r)) : x; }
static __inline__ int sq(int x) { return x * x; }
static inline int clamp(int v, int lo, int hi) { return imax(lo, imin(v, hi)); }
static inline uint32_t mix(uint32_t h) {
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

int main(void) {
    printf("min=%d max=%d\n", imin(3, -4), imax(3, -4));
    for (int v = -10; v <= 30; v += 10) printf("clamp(%d)=%d\n", v, clamp(v, 0, 20));
    for (int r = 0; r < 32; r += 8) printf("rotl(0x80000001,%d)=%08x\n", r, rotl32(0x80000001u, r));
    int s = 0;
    for (int i = 1; i <= 10; i++) s += sq(i);
    printf("sum sq=%d\n", s);
    for (uint32_t i = 0; i < 5; i++) printf("mix(%u)=%08x\n", i, mix(i));
    return 1;
}
