#include <stdio.h>

static int bsearch_idx(const int *a, int n, int key, int *probes) {
    int lo = 0, hi = n - 1;
    *probes = 0;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        (*probes)++;
        if (a[mid] == key) return mid;
        if (a[mid] < key) lo = mid + 1;
        else hi = mid - 1;
    }
    return -(lo + 1);
}

static int lower_bound(const int *a, int n, int key) {
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (a[mid] < key) lo = mid + 1; else hi = mid;
    }
    return lo;
}

static unsigned isqrt(unsigned v) {
    unsigned lo = 0, hi = 65536;
    while (hi - lo > 1) {
        unsigned mid = lo + (hi - lo) / 2;
        if ((unsigned long long)mid * mid <= v) lo = mid; else hi = mid;
    }
    return lo;
}

int main(void) {
    int a[32];
    for (int i = 0; i < 32; i++) a[i] = i * 3 - 20;
    int keys[] = {-20, 73, 1, 4, 0, -21, 100, 31};
    for (int k = 0; k < 8; k++) {
        int probes;
        int r = bsearch_idx(a, 32, keys[k], &probes);
        printf("key %4d -> %3d (probes %d)\n", keys[k], r, probes);
    }
    int dup[] = {1, 2, 2, 2, 3, 5, 5, 8};
    for (int key = 0; key <= 9; key += 2) printf("lower_bound(%d)=%d\n", key, lower_bound(dup, 8, key));
    unsigned sq[] = {0, 1, 15, 16, 17, 1000000, 4294967295u};
    for (int i = 0; i < 7; i++) printf("isqrt(%u)=%u\n", sq[i], isqrt(sq[i]));
    return 19;
}
