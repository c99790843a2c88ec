#include <stdio.h>
#include <stdint.h>

static uint32_t rev_loop(uint32_t x) {
    uint32_t r = 0;
    for (int i = 0; i < 32; i++) { r = (r << 1) | (x & 1); x >>= 1; }
    return r;
}
static uint32_t rev_swap(uint32_t x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    return (x >> 16) | (x << 16);
}
static __inline uint8_t rev8(uint8_t b) {
    b = (uint8_t)((b & 0xF0) >> 4 | (b & 0x0F) << 4);
    b = (uint8_t)((b & 0xCC) >> 2 | (b & 0x33) << 2);
    b = (uint8_t)((b & 0xAA) >> 1 | (b & 0x55) << 1);
    return b;
}
static uint32_t bswap32(uint32_t x) {
    return (x >> 24) | ((x >> 8) & 0xFF00u) | ((x << 8) & 0xFF0000u) | (x << 24);
}
static inline uint16_t bswap16(uint16_t x) { return (uint16_t)((x >> 8) | (x << 8)); }

int main(void) {
    uint32_t v[] = {1, 0x80000000u, 0x12345678u, 0xF0000000u, 0x0000FFFFu, 0xDEADBEEFu, 0};
    for (int i = 0; i < 7; i++) {
        uint32_t a = rev_loop(v[i]), b = rev_swap(v[i]);
        printf("%08x rev=%08x %s bswap=%08x\n", v[i], a, a == b ? "ok" : "BAD", bswap32(v[i]));
    }
    uint8_t bytes[] = {0x01, 0x80, 0x0F, 0xA5, 0x3C, 0xFE};
    for (int i = 0; i < 6; i++) printf("rev8(%02x)=%02x\n", bytes[i], rev8(bytes[i]));
    printf("bswap16(1234)=%04x\n", bswap16(0x1234));
    unsigned bits = 3;
    for (unsigned i = 0; i < 8; i++) {
        unsigned r = 0;
        for (unsigned k = 0; k < bits; k++) if (i & (1u << k)) r |= 1u << (bits - 1 - k);
        printf("%u->%u ", i, r);
    }
    printf("\n");
    return 25;
}
