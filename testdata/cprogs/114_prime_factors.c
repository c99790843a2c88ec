#include <stdio.h>

static int factor(unsigned long long n, unsigned long long *f, int *e) {
    int k = 0;
    for (unsigned long long p = 2; p * p <= n; p += (p == 2 ? 1 : 2)) {
        if (n % p == 0) {
            f[k] = p;
            e[k] = 0;
            while (n % p == 0) { n /= p; e[k]++; }
            k++;
        }
    }
    if (n > 1) { f[k] = n; e[k] = 1; k++; }
    return k;
}

static unsigned long long divisor_sum(const unsigned long long *f, const int *e, int k) {
    unsigned long long s = 1;
    for (int i = 0; i < k; i++) {
        unsigned long long t = 1, pw = 1;
        for (int j = 0; j < e[i]; j++) { pw *= f[i]; t += pw; }
        s *= t;
    }
    return s;
}

int main(void) {
    unsigned long long nums[] = {2, 12, 97, 360, 1001, 65536, 999999, 600851475143ULL, 9999999967ULL, 1234567890ULL};
    for (int i = 0; i < 10; i++) {
        unsigned long long f[20];
        int e[20];
        int k = factor(nums[i], f, e);
        printf("%llu =", nums[i]);
        for (int j = 0; j < k; j++) {
            printf(" %llu", f[j]);
            if (e[j] > 1) printf("^%d", e[j]);
        }
        int nd = 1;
        for (int j = 0; j < k; j++) nd *= e[j] + 1;
        printf("  [divisors=%d sigma=%llu]\n", nd, divisor_sum(f, e, k));
    }
    int perfect = 0;
    for (unsigned long long n = 2; n < 1000; n++) {
        unsigned long long f[20];
        int e[20];
        int k = factor(n, f, e);
        if (divisor_sum(f, e, k) == 2 * n) { printf("perfect: %llu\n", n); perfect++; }
    }
    return 59 + perfect;
}
