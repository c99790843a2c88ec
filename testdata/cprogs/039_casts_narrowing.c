#include <stdio.h>
#include <stdint.h>

int main(void) {
    int vals[] = {0, 127, 128, 255, 256, 300, -1, -128, -129, 65535, 65536, 70000, -70000};
    int n = sizeof vals / sizeof vals[0];
    for (int i = 0; i < n; i++) {
        int v = vals[i];
        printf("%7d -> sc=%4d uc=%3u s=%6d us=%5u\n", v, (signed char)v, (unsigned char)v,
               (short)v, (unsigned short)v);
    }
    long long big = 0x123456789ABCDEFLL;
    printf("ll->int=%d ll->uint=%x ll->short=%d ll->uchar=%u\n", (int)big, (unsigned)big,
           (short)big, (unsigned char)big);
    uint64_t u = 0xFFFFFFFF00000001ull;
    printf("u64->u32=%u u64->i32=%d\n", (uint32_t)u, (int32_t)u);
    unsigned int x = 0x80000000u;
    printf("0x80000000 -> int=%d\n", (int)x);
    int8_t a = (int8_t)0x7F;
    a = (int8_t)(a + 1);
    printf("int8 127+1=%d\n", a);
    uint16_t w = (uint16_t)(-2);
    printf("uint16 -2=%u\n", w);
    int16_t h = (int16_t)40000;
    printf("int16 40000=%d\n", h);
    char c = (char)(200 + 100);
    printf("char 300=%d\n", c);
    return 14;
}
