#include <stdio.h>
#include <stdint.h>

static int steps(uint64_t n, uint64_t *peak) {
    int s = 0;
    *peak = n;
    while (n != 1) {
        n = (n & 1) ? 3 * n + 1 : n >> 1;
        if (n > *peak) *peak = n;
        s++;
    }
    return s;
}

int main(void) {
    uint64_t starts[] = {1, 2, 3, 6, 7, 9, 27, 97, 871, 6171, 77031, 837799};
    for (int i = 0; i < 12; i++) {
        uint64_t pk;
        int s = steps(starts[i], &pk);
        printf("n=%-7llu steps=%4d peak=%llu\n", (unsigned long long)starts[i], s, (unsigned long long)pk);
    }
    int best = 0;
    uint64_t arg = 0;
    for (uint64_t n = 1; n < 3000; n++) {
        uint64_t pk;
        int s = steps(n, &pk);
        if (s > best) { best = s; arg = n; }
    }
    printf("longest below 3000: n=%llu steps=%d\n", (unsigned long long)arg, best);
    int hist[5] = {0};
    for (uint64_t n = 1; n <= 1000; n++) {
        uint64_t pk;
        int s = steps(n, &pk);
        hist[s < 20 ? 0 : s < 50 ? 1 : s < 100 ? 2 : s < 150 ? 3 : 4]++;
    }
    for (int i = 0; i < 5; i++) printf("bucket %d: %d\n", i, hist[i]);
    return 57;
}
