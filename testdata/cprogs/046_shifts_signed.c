#include <stdio.h>
#include <stdint.h>

int main(void) {
    int x = 1;
    for (int i = 0; i < 31; i += 6) printf("1<<%d=%d\n", i, x << i);
    printf("1<<30=%d\n", 1 << 30);
    int p = 0x12345;
    printf("p<<4=%d p>>4=%d\n", p << 4, p >> 4);
    int neg = -100;
    for (int i = 0; i < 8; i += 2) printf("-100>>%d=%d\n", i, neg >> i);
    printf("-1>>31=%d -1>>5=%d\n", -1 >> 31, -1 >> 5);
    int m = -2147483647 - 1;
    printf("INT_MIN>>31=%d INT_MIN>>1=%d\n", m >> 31, m >> 1);
    long long ll = -1000000000000LL;
    printf("ll>>20=%lld ll>>63=%lld\n", ll >> 20, ll >> 63);
    long long pos = 1LL << 50;
    printf("1LL<<50=%lld >>10=%lld\n", pos, pos >> 10);
    int8_t s8 = -64;
    printf("s8>>2=%d s8>>6=%d\n", s8 >> 2, s8 >> 6);
    short sh = -32768;
    printf("sh>>15=%d\n", sh >> 15);
    int a = 5;
    a <<= 3;
    printf("a<<=3 -> %d\n", a);
    a >>= 2;
    printf("a>>=2 -> %d\n", a);
    int b = -17;
    b >>= 1;
    printf("-17>>=1 -> %d\n", b);
    printf("(-7)>>1=%d -7/2=%d\n", -7 >> 1, -7 / 2);
    int c = 0x7FFF;
    printf("c<<16=%d\n", c << 16);
    int sz = 40;
    printf("1<<(sz-10)=%d\n", 1 << (sz - 10));
    return 26;
}
