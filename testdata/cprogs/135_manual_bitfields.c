#include <stdio.h>
#include <stdint.h>

/* pack a date/time into 32 bits: year-1980 (7) month (4) day (5) hour (5) min (6) sec/2 (5) */
static uint32_t pack(int y, int mo, int d, int h, int mi, int s) {
    return (uint32_t)(y - 1980) << 25 | (uint32_t)mo << 21 | (uint32_t)d << 16 |
           (uint32_t)h << 11 | (uint32_t)mi << 5 | (uint32_t)(s / 2);
}

#define FIELD(v, shift, bits) (((v) >> (shift)) & ((1u << (bits)) - 1u))
#define SET_FIELD(v, shift, bits, x) ((v) = ((v) & ~(((1u << (bits)) - 1u) << (shift))) | (((uint32_t)(x) & ((1u << (bits)) - 1u)) << (shift)))

static void unpack(uint32_t p) {
    printf("%08x -> %04u-%02u-%02u %02u:%02u:%02u\n", p, FIELD(p, 25, 7) + 1980, FIELD(p, 21, 4),
           FIELD(p, 16, 5), FIELD(p, 11, 5), FIELD(p, 5, 6), FIELD(p, 0, 5) * 2);
}

int main(void) {
    uint32_t a = pack(2024, 2, 29, 23, 59, 58);
    uint32_t b = pack(1980, 1, 1, 0, 0, 0);
    uint32_t c = pack(2107, 12, 31, 12, 30, 15);
    unpack(a);
    unpack(b);
    unpack(c);
    SET_FIELD(a, 21, 4, 3);
    SET_FIELD(a, 16, 5, 1);
    unpack(a);
    SET_FIELD(b, 11, 5, 31);
    unpack(b);
    uint16_t rgb565 = (uint16_t)((31u << 11) | (40u << 5) | 10u);
    printf("rgb565=%04x r=%u g=%u b=%u\n", rgb565, rgb565 >> 11, (rgb565 >> 5) & 63, rgb565 & 31);
    unsigned r8 = (rgb565 >> 11) * 255 / 31, g8 = ((rgb565 >> 5) & 63) * 255 / 63, b8 = (rgb565 & 31) * 255 / 31;
    printf("rgb888=%u,%u,%u\n", r8, g8, b8);
    uint8_t flags = 0;
    flags |= 1 << 0;
    flags |= 1 << 5;
    printf("flags=%02x bit5=%u bit4=%u\n", flags, (flags >> 5) & 1u, (flags >> 4) & 1u);
    flags = (uint8_t)(flags & ~(1 << 0));
    printf("flags=%02x\n", flags);
    uint64_t wide = 0;
    for (int i = 0; i < 8; i++) wide |= (uint64_t)(i * 17 & 0xFF) << (i * 8);
    printf("wide=%016llx\n", (unsigned long long)wide);
    for (int i = 0; i < 8; i += 3) printf("byte%d=%u\n", i, (unsigned)((wide >> (i * 8)) & 0xFF));
    return 0;
}
