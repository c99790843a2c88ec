#include <stdio.h>
#include <limits.h>
#include <stdlib.h>

int main(void) {
    long l = -123456789L;
    unsigned long ul = 3000000000UL;
    printf("sizeof long=%zu ulong=%zu\n", sizeof(long), sizeof(unsigned long));
    printf("l=%ld ul=%lu\n", l, ul);
    printf("l*2=%ld\n", l * 2);
    printf("ul+ul=%lu\n", ul + ul);
    printf("LONG_MAX=%ld\n", LONG_MAX);
    printf("LONG_MIN=%ld\n", LONG_MIN);
    printf("ULONG_MAX=%lu\n", ULONG_MAX);
    printf("hex=%lx %#lX\n", ul, 0xABCDUL);
    long q = l / 1000, r = l % 1000;
    printf("q=%ld r=%ld\n", q, r);
    unsigned long w = 0;
    w = w - 1;
    printf("0-1=%lu\n", w);
    long f = 1;
    for (int i = 1; i <= 12; i++) {
        f *= i;
    }
    printf("12!=%ld\n", f);
    printf("labs=%ld\n", labs(l));
    int i = -1;
    long li = i;
    unsigned long uli = (unsigned long)i;
    printf("widen: %ld %lu\n", li, uli);
    printf("cmp: %d\n", li < 0L);
    printf("narrow: %d\n", (int)(ul >> 4));
    return 42;
}
