#include <stdio.h>
#include <stdint.h>
#include <string.h>

static void put_be32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v;
}
static uint32_t get_be32(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static uint32_t get_le32(const unsigned char *p) {
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}
static uint64_t get_be64(const unsigned char *p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = v << 8 | p[i];
    return v;
}
static uint16_t get_be16(const unsigned char *p) { return (uint16_t)(p[0] << 8 | p[1]); }

int main(void) {
    unsigned char buf[16];
    put_be32(buf, 0xCAFEBABEu);
    put_be32(buf + 4, 0x00000034u);
    put_be32(buf + 8, 0x12345678u);
    put_be32(buf + 12, 0xFFFFFFFEu);
    for (int i = 0; i < 16; i++) printf("%02x%c", buf[i], i % 8 == 7 ? '\n' : ' ');
    printf("be32[0]=%08x le32[0]=%08x\n", get_be32(buf), get_le32(buf));
    printf("be16[2]=%04x be64[1]=%016llx\n", get_be16(buf + 2), (unsigned long long)get_be64(buf + 8));
    uint32_t native;
    memcpy(&native, buf, 4);
    printf("native read=%08x equals le=%d\n", native, native == get_le32(buf));
    int32_t neg;
    memcpy(&neg, buf + 12, 4);
    printf("neg native=%d be=%d\n", neg, (int32_t)get_be32(buf + 12));
    union { uint32_t u; unsigned char b[4]; } probe = {1};
    printf("little endian=%d\n", probe.b[0] == 1);
    uint16_t port = 8080;
    unsigned char net[2] = {(unsigned char)(port >> 8), (unsigned char)port};
    printf("port bytes=%02x %02x back=%u\n", net[0], net[1], get_be16(net));
    for (int i = 0; i < 4; i++) {
        uint32_t v = 0x01020304u * (uint32_t)(i + 1);
        unsigned char t[4];
        put_be32(t, v);
        printf("v=%08x be-le=%08x\n", v, get_le32(t));
    }
    return 2;
}
