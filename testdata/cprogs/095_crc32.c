#include <stdio.h>
#include <stdint.h>
#include <string.h>

static uint32_t table[256];

static void make_table(void) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
}

static uint32_t crc32(const unsigned char *buf, size_t len) {
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < len; i++) c = table[(c ^ buf[i]) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

static uint32_t crc32_bitwise(const unsigned char *buf, size_t len) {
    uint32_t c = ~0u;
    while (len--) {
        c ^= *buf++;
        for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
    }
    return ~c;
}

int main(void) {
    make_table();
    printf("table[1]=%08x table[128]=%08x table[255]=%08x\n", table[1], table[128], table[255]);
    const char *tests[] = {"", "a", "abc", "123456789", "The quick brown fox jumps over the lazy dog",
                           "message digest", "CRC"};
    for (int i = 0; i < 7; i++) {
        const unsigned char *p = (const unsigned char *)tests[i];
        size_t n = strlen(tests[i]);
        uint32_t a = crc32(p, n), b = crc32_bitwise(p, n);
        printf("crc32(\"%s\")=%08x %s\n", tests[i], a, a == b ? "ok" : "MISMATCH");
    }
    unsigned char bin[64];
    for (int i = 0; i < 64; i++) bin[i] = (unsigned char)(i * 37 + 11);
    printf("binary=%08x\n", crc32(bin, sizeof bin));
    uint32_t inc = 0;
    for (int i = 0; i < 5; i++) {
        inc = crc32(bin + i * 8, 8);
        printf("chunk %d=%08x\n", i, inc);
    }
    return 23;
}
