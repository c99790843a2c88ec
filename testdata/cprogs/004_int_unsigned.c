#include <stdio.h>
#include <limits.h>

int main(void) {
    unsigned u = 4000000000u;
    int i = -5;
    printf("u=%u\n", u);
    printf("u/7=%u u%%7=%u\n", u / 7, u % 7);
    printf("u+u=%u\n", u + u);
    printf("u*3=%u\n", u * 3u);
    printf("(unsigned)i=%u\n", (unsigned)i);
    printf("i+u=%u\n", i + u);
    printf("hex %x %X %#x %08x\n", u, u, 255u, 0xbeefu);
    printf("oct %o %#o\n", 8u, 64u);
    unsigned x = 1;
    for (int k = 0; k < 8; k++) {
        printf("x=%u ", x);
        x = x * 7 + 3;
    }
    printf("\n");
    unsigned big = UINT_MAX;
    printf("UINT_MAX=%u +1=%u\n", big, big + 1u);
    printf("0u-1=%u\n", 0u - 1);
    int si = INT_MAX;
    printf("INT_MAX=%d INT_MIN=%d\n", si, INT_MIN);
    printf("INT_MAX as unsigned+1=%u\n", (unsigned)si + 1u);
    unsigned d = 10;
    d -= 20;
    printf("10-20=%u\n", d);
    printf("div: %u %u\n", 0xFFFFFFFFu / 16u, 0xFFFFFFFFu >> 4);
    int neg = -17;
    printf("neg/4=%d neg%%4=%d (unsigned)neg/4=%u\n", neg / 4, neg % 4, (unsigned)neg / 4u);
    return 0;
}
