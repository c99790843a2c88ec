#include <stdio.h>
#include <stdint.h>

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m) {
    uint64_t r = 0;
    a %= m;
    while (b) {
        if (b & 1) { r += a; if (r >= m) r -= m; }
        a <<= 1;
        if (a >= m) a -= m;
        b >>= 1;
    }
    return r;
}

static uint64_t powmod(uint64_t b, uint64_t e, uint64_t m) {
    uint64_t r = 1 % m;
    b %= m;
    while (e) {
        if (e & 1) r = mulmod(r, b, m);
        b = mulmod(b, b, m);
        e >>= 1;
    }
    return r;
}

static int miller_rabin(uint64_t n) {
    if (n < 2) return 0;
    static const uint64_t bases[] = {2, 3, 5, 7, 11, 13, 17};
    for (int i = 0; i < 7; i++) if (n % bases[i] == 0) return n == bases[i];
    uint64_t d = n - 1;
    int s = 0;
    while (!(d & 1)) { d >>= 1; s++; }
    for (int i = 0; i < 7; i++) {
        uint64_t x = powmod(bases[i], d, n);
        if (x == 1 || x == n - 1) continue;
        int comp = 1;
        for (int r = 1; r < s && comp; r++) { x = mulmod(x, x, n); if (x == n - 1) comp = 0; }
        if (comp) return 0;
    }
    return 1;
}

int main(void) {
    printf("2^10 mod 1000=%llu\n", (unsigned long long)powmod(2, 10, 1000));
    printf("3^200 mod 1e9+7=%llu\n", (unsigned long long)powmod(3, 200, 1000000007));
    printf("7^(p-1) mod p=%llu\n", (unsigned long long)powmod(7, 1000000006, 1000000007));
    printf("inverse of 5 mod 1e9+7=%llu\n", (unsigned long long)powmod(5, 1000000005, 1000000007));
    printf("big mulmod=%llu\n", (unsigned long long)mulmod(0xFFFFFFFFFFFFull, 0xABCDEF123456ull, 0xFFFFFFFFFFC5ull));
    uint64_t cands[] = {1, 2, 97, 561, 7919, 1000000007, 1000000008, 2147483647, 4294967297ull, 999999999989ull};
    for (int i = 0; i < 10; i++) printf("%llu prime=%d\n", (unsigned long long)cands[i], miller_rabin(cands[i]));
    int cnt = 0;
    for (uint64_t n = 1000000; n < 1000100; n++) cnt += miller_rabin(n);
    printf("primes in [1e6,1e6+100)=%d\n", cnt);
    return 83;
}
