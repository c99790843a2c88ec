#include <stdio.h>

int main(void) {
    char c = 'A';
    signed char sc = -100;
    unsigned char uc = 200;
    printf("c=%c %d\n", c, c);
    c = c + 25;
    printf("c+25=%c %d\n", c, c);
    printf("sc=%d uc=%u\n", sc, uc);
    printf("sizeof: %zu %zu %zu\n", sizeof c, sizeof sc, sizeof uc);
    sc = (signed char)(sc - 50);
    printf("sc-50 wraps=%d\n", sc);
    uc = (unsigned char)(uc + 100);
    printf("uc+100 wraps=%u\n", uc);
    char hi = (char)0xF0;
    printf("char 0xF0=%d\n", hi);
    unsigned char uhi = 0xF0;
    printf("uchar 0xF0=%d\n", uhi);
    int uhv = uhi;
    printf("cmp: %d %d\n", hi < 0, uhv < 0);
    printf("hh: %hhd %hhu %hhx\n", sc, uc, uhi);
    int total = 0;
    for (char ch = 'a'; ch <= 'z'; ch++)
        total += ch;
    printf("sum a..z=%d\n", total);
    signed char m = -128;
    printf("m=%d -m as int=%d\n", m, -m);
    unsigned char mx = 255;
    mx++;
    printf("255+1=%u\n", mx);
    char digits[] = "0123456789";
    int v = 0;
    for (int i = 0; digits[i]; i++)
        v = v * 3 + (digits[i] - '0');
    printf("v=%d\n", v);
    return 7;
}
