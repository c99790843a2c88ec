#include <stdio.h>

static void print_binary(unsigned v) {
    char buf[33];
    int n = 0;
    do { buf[n++] = (char)('0' + (v & 1)); v >>= 1; } while (v);
    while (n > 0) putchar(buf[--n]);
    putchar('\n');
}

int main(void) {
    int i = 10;
    do { printf("runs once i=%d\n", i); } while (i < 5);
    int count = 0;
    do count++; while (count < 7);
    printf("count=%d\n", count);
    unsigned vals[] = {0, 1, 5, 255, 1024, 0xABCD};
    for (int k = 0; k < 6; k++) print_binary(vals[k]);
    int n = 12345, rev = 0;
    do { rev = rev * 10 + n % 10; n /= 10; } while (n > 0);
    printf("rev=%d\n", rev);
    int x = 0;
    do {
        x += 3;
        if (x % 2 == 0) continue;
        printf("x=%d\n", x);
    } while (x < 15);
    int y = 100;
    do {
        y -= 17;
        if (y < 40) break;
    } while (1);
    printf("y=%d\n", y);
    double term = 1.0, total = 0.0;
    int t = 0;
    do { total += term; term /= 2; t++; } while (term > 0.001);
    printf("total=%.6f terms=%d\n", total, t);
    return 52;
}
