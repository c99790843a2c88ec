#include <stdio.h>
#include <stdint.h>

int main(void) {
    int k300 = 300, k256 = 256, km1 = -1, k1000 = 1000, k200 = 200, k70000 = 70000, k40000 = 40000;
    unsigned char c = k300;
    printf("uchar=300 -> %u\n", c);
    c = k256;
    printf("uchar=256 -> %u\n", c);
    c = km1;
    printf("uchar=-1 -> %u\n", c);
    c = k1000;
    printf("uchar=1000 -> %u\n", c);
    signed char sc = k200;
    printf("schar=200 -> %d\n", sc);
    unsigned short us = k70000;
    printf("ushort=70000 -> %u\n", us);
    short ss = k40000;
    printf("short=40000 -> %d\n", ss);
    uint8_t arr[4];
    int src[4] = {255, 256, 511, -255};
    for (int i = 0; i < 4; i++) { arr[i] = (uint8_t)src[i]; printf("arr[%d]=%u\n", i, arr[i]); }
    unsigned char acc = 0;
    for (int i = 0; i < 100; i++) acc = (unsigned char)(acc + 7);
    printf("acc=%u\n", acc);
    unsigned char a = 250, b = 10;
    unsigned char s = (unsigned char)(a + b);
    int si = a + b;
    printf("s=%u si=%d\n", s, si);
    unsigned char m = (unsigned char)(a * b);
    printf("m=%u\n", m);
    unsigned char sh = (unsigned char)(a << 2);
    printf("sh=%u\n", sh);
    unsigned char neg = (unsigned char)(-a);
    printf("neg=%u\n", neg);
    return 96;
}
