#include <stdio.h>
#include <stdint.h>

int main(void) {
    unsigned char c = 10;
    c += 300;
    printf("uchar 10+=300 -> %u\n", c);
    c -= 100;
    printf("-=100 -> %u\n", c);
    c *= 7;
    printf("*=7 -> %u\n", c);
    c <<= 3;
    printf("<<=3 -> %u\n", c);
    c >>= 1;
    printf(">>=1 -> %u\n", c);
    c |= 0x81;
    printf("|= -> %u\n", c);
    signed char s = 100;
    s += 100;
    printf("schar 100+=100 -> %d\n", s);
    s -= 100;
    printf("-=100 -> %d\n", s);
    s *= 3;
    printf("*=3 -> %d\n", s);
    unsigned short us = 65000;
    us += 1000;
    printf("ushort -> %u\n", us);
    us *= us;
    printf("us*=us -> %u\n", us);
    short sh = 30000;
    sh += 10000;
    printf("short -> %d\n", sh);
    uint8_t b = 1;
    for (int i = 0; i < 10; i++) b *= 3;
    printf("3^10 mod 256=%u\n", b);
    uint16_t h = 1;
    for (int i = 0; i < 20; i++) h += h;
    printf("2^20 mod 65536=%u\n", h);
    uint32_t w = 1;
    for (int i = 0; i < 10; i++) w *= 10;
    printf("10^10 mod 2^32=%u\n", w);
    unsigned char d = 100;
    d /= 0.5;
    printf("d/=0.5 -> %u\n", d);
    char ch = 'x';
    ch += 2;
    printf("char -> %c\n", ch);
    unsigned char cnt = 250;
    for (int i = 0; i < 10; i++) cnt++;
    printf("cnt=%u\n", cnt);
    return 34;
}
