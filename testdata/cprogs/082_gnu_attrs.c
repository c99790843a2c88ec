#include <stdio.h>

__attribute__((unused)) static int never_called(int x) { return x * 2; }

static int checked_div(int a, int b, __attribute__((unused)) int flags) {
    if (__builtin_expect(b == 0, 0)) return 0;
    return a / b;
}

__extension__ typedef long long i64_t;

static int count_hits(const int *a, int n, int lim) {
    int c = 0;
    for (int i = 0; i < n; i++)
        if (__builtin_expect(a[i] > lim, 1)) c++;
    return c;
}

int main(void) {
    int unused_local __attribute__((unused)) = 5;
    __extension__ i64_t big = 1234567890123LL;
    printf("big=%lld\n", (long long)big);
    printf("div=%d %d\n", checked_div(100, 7, 0), checked_div(1, 0, 0));
    int data[8] = {5, 12, 9, 20, 3, 15, 30, 1};
    printf("hits>8=%d\n", count_hits(data, 8, 8));
    long e = __builtin_expect(42L, 1L);
    printf("expect value=%ld\n", e);
    if (__builtin_expect(data[0] == 5, 1)) printf("likely branch\n");
    __extension__ unsigned long long u = 0xFFFFFFFFFFFFull;
    printf("u=%llx\n", u);
    int x = __extension__ (3 + 4);
    printf("x=%d\n", x);
    __extension__ long long prod = (long long)x * big;
    printf("prod=%lld\n", prod);
    int flags __attribute__((unused)) = checked_div(9, 3, 1);
    printf("expect in expr=%ld\n", __builtin_expect(x > 5, 1) + 10L);
    for (int i = 0; i < 3; i++) {
        int sq __attribute__((unused)) = i * i;
        printf("i=%d expect=%d\n", i, (int)__builtin_expect(i, 0));
    }
    return 99;
}
