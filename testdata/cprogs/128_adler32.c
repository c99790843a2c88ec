#include <stdio.h>
#include <stdint.h>
#include <string.h>

static uint32_t adler32(const unsigned char *d, size_t n) {
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < n; i++) {
        a = (a + d[i]) % 65521u;
        b = (b + a) % 65521u;
    }
    return (b << 16) | a;
}

static uint16_t fletcher16(const unsigned char *d, size_t n) {
    uint16_t s1 = 0, s2 = 0;
    for (size_t i = 0; i < n; i++) {
        s1 = (uint16_t)((s1 + d[i]) % 255);
        s2 = (uint16_t)((s2 + s1) % 255);
    }
    return (uint16_t)((s2 << 8) | s1);
}

static uint8_t xor_checksum(const unsigned char *d, size_t n) {
    uint8_t x = 0;
    while (n--) x ^= *d++;
    return x;
}

static uint16_t internet_checksum(const unsigned char *d, size_t n) {
    uint32_t sum = 0;
    for (size_t i = 0; i + 1 < n; i += 2) sum += (uint32_t)(d[i] << 8 | d[i + 1]);
    if (n & 1) sum += (uint32_t)d[n - 1] << 8;
    while (sum >> 16) sum = (sum & 0xFFFF) + (sum >> 16);
    return (uint16_t)~sum;
}

int main(void) {
    const char *msgs[] = {"", "a", "abc", "Wikipedia", "abcde", "abcdef", "message digest", "0123456789"};
    for (int i = 0; i < 8; i++) {
        const unsigned char *p = (const unsigned char *)msgs[i];
        size_t n = strlen(msgs[i]);
        printf("%-15s adler=%08x fl16=%04x xor=%02x inet=%04x\n", msgs[i], adler32(p, n), fletcher16(p, n),
               xor_checksum(p, n), internet_checksum(p, n));
    }
    unsigned char big[1000];
    for (int i = 0; i < 1000; i++) big[i] = (unsigned char)(255 - i % 256);
    printf("big adler=%08x fl16=%04x\n", adler32(big, 1000), fletcher16(big, 1000));
    unsigned char pkt[] = {0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11, 0x00, 0x00, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7};
    printf("ip hdr checksum=%04x\n", internet_checksum(pkt, sizeof pkt));
    return 87;
}
