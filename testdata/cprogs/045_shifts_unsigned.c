#include <stdio.h>
#include <stdint.h>

int main(void) {
    unsigned x = 1;
    for (int i = 0; i < 32; i += 5) printf("1u<<%d=%u\n", i, x << i);
    printf("1u<<31=%u\n", 1u << 31);
    unsigned v = 0xF0F0F0F0u;
    for (int i = 0; i < 32; i += 7) printf("v>>%d=%08x v<<%d=%08x\n", i, v >> i, i, v << i);
    uint64_t w = 0x8000000000000001ull;
    printf("w>>63=%llu w<<1=%llx w>>1=%llx\n", (unsigned long long)(w >> 63),
           (unsigned long long)(w << 1), (unsigned long long)(w >> 1));
    uint8_t b = 0x81;
    printf("b<<1=%d (uint8_t)(b<<1)=%u b>>7=%u\n", b << 1, (uint8_t)(b << 1), b >> 7);
    uint16_t h = 0xABCD;
    printf("h<<4=%x (uint16)=%x\n", h << 4, (uint16_t)(h << 4));
    unsigned rot = 0x12345678u;
    for (int r = 0; r < 32; r += 8) {
        unsigned rl = r ? (rot << r) | (rot >> (32 - r)) : rot;
        printf("rotl %d = %08x\n", r, rl);
    }
    unsigned s = 0xFFFFFFFFu;
    s >>= 16;
    printf("s>>=16 -> %x\n", s);
    s <<= 20;
    printf("s<<=20 -> %x\n", s);
    unsigned long long m = 1;
    int cnt = 0;
    while (m) { m <<= 1; cnt++; }
    printf("bits in ull=%d\n", cnt);
    unsigned zero_shift = 0xABCu << 0;
    printf("<<0=%x >>0=%x\n", zero_shift, zero_shift >> 0);
    int n = 3;
    printf("var shift: %u %u\n", 0x100u >> n, 0x100u << n);
    return 24;
}
