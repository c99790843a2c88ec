#include <stdio.h>

int main(void) {
    int nums[] = {17, -17, 7, -7, 0, 1, -1, 100};
    int dens[] = {5, -5, 3, -3};
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++) {
            int n = nums[i], d = dens[j];
            int q = n / d, r = n % d;
            if (i % 2 == 0 || j == 1)
                printf("%4d / %2d = %3d  %% = %3d  check=%d\n", n, d, q, r, q * d + r == n);
        }
    long long a = -1000000000007LL;
    printf("ll: %lld %lld\n", a / 1000, a % 1000);
    printf("ll: %lld %lld\n", a / -1000, a % -1000);
    int mn = -2147483647 - 1;
    printf("INT_MIN/2=%d INT_MIN%%3=%d\n", mn / 2, mn % 3);
    unsigned un = 17u;
    printf("unsigned: %u %u\n", un / 5u, un % 5u);
    int x = -9;
    x /= 2;
    printf("x/=2 -> %d\n", x);
    x %= 3;
    printf("x%%=3 -> %d\n", x);
    short s = -300;
    printf("short: %d %d\n", s / 7, s % 7);
    signed char sc = -128;
    printf("schar -128/-1 promoted=%d\n", sc / -1);
    int m = -7;
    int pos_mod = ((m % 3) + 3) % 3;
    printf("pos_mod=%d\n", pos_mod);
    return 28;
}
