#include <stdio.h>

int main(void) {
    unsigned char a = 200, b = 100;
    int sum = a + b;
    printf("uchar+uchar=%d\n", sum);
    unsigned char wrapped = (unsigned char)(a + b);
    printf("stored back=%u\n", wrapped);
    printf("a+b>255: %d\n", a + b > 255);
    unsigned short x = 60000, y = 3;
    printf("ushort*ushort=%d\n", x * y);
    unsigned short p = 250, q = 200;
    int prod = p * q;
    printf("250*200=%d\n", prod);
    signed char sc = -1;
    unsigned char uc = 255;
    printf("sc==uc: %d\n", sc == uc);
    printf("uc+1=%d sc+1=%d\n", uc + 1, sc + 1);
    unsigned char m = 0x0F;
    printf("~m=%d (unsigned char)~m=%u\n", ~m, (unsigned char)~m);
    printf("-m=%d\n", -m);
    unsigned char sh = 0x80;
    printf("sh<<1=%d sh<<8=%d\n", sh << 1, sh << 8);
    char c = 'a';
    printf("c*2=%d sizeof=%zu\n", c * 2, sizeof(c * 2));
    short s1 = 30000, s2 = 30000;
    int ss = s1 + s2;
    printf("short+short=%d\n", ss);
    unsigned char d1 = 10, d2 = 20;
    printf("d1-d2=%d\n", d1 - d2);
    unsigned u = 10;
    printf("u - 20 = %u\n", u - 20);
    _Bool t = 1;
    printf("bool+bool=%d\n", t + t);
    unsigned short big = 65535;
    printf("big+1=%d\n", big + 1);
    unsigned char r = 7;
    r = (unsigned char)(r * 40);
    printf("r=%u\n", r);
    unsigned char hi = 0xF0;
    printf("hi>>4=%d hi^0xFF=%d\n", hi >> 4, hi ^ 0xFF);
    return 20;
}
