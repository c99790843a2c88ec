#include <stdio.h>
#include <stdint.h>

static unsigned ilog2(uint64_t x) { unsigned r = 0; while (x >>= 1) r++; return r; }
static unsigned ilog10(uint64_t x) { unsigned r = 0; while (x >= 10) { x /= 10; r++; } return r; }
static uint32_t isqrt64(uint64_t n) {
    uint64_t x = n, y = n / 2 + (n & 1);
    if (n < 2) return (uint32_t)n;
    while (y < x) { x = y; y = (x + n / x) / 2; }
    return (uint32_t)x;
}
static uint32_t icbrt(uint64_t n) {
    uint32_t r = 0;
    for (int s = 21; s >= 0; s--) {
        uint64_t c = (uint64_t)(r | (1u << s));
        if (c <= n / (c * c)) r |= 1u << s;
    }
    return r;
}
__extension__ static uint64_t ipow(uint64_t b, unsigned e) { uint64_t r = 1; while (e) { if (e & 1) r *= b; b *= b; e >>= 1; } return r; }
static int64_t floor_div(int64_t a, int64_t b) { int64_t q = a / b; return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q; }
static int64_t ceil_div(int64_t a, int64_t b) { int64_t q = a / b; return (a % b != 0 && (a < 0) == (b < 0)) ? q + 1 : q; }

int main(void) {
    uint64_t v[] = {1, 2, 9, 10, 1000, 65535, 1ull << 40, 999999999999ull, 18446744073709551615ull};
    for (int i = 0; i < 9; i++)
        printf("%llu: log2=%u log10=%u sqrt=%u cbrt=%u\n", (unsigned long long)v[i], ilog2(v[i]), ilog10(v[i]),
               isqrt64(v[i]), icbrt(v[i]));
    printf("3^40=%llu 7^22=%llu 2^63=%llu\n", (unsigned long long)ipow(3, 40), (unsigned long long)ipow(7, 22),
           (unsigned long long)ipow(2, 63));
    int64_t nums[] = {7, -7, 6, -6};
    for (int i = 0; i < 4; i++)
        printf("%lld/3: trunc=%lld floor=%lld ceil=%lld\n", (long long)nums[i], (long long)(nums[i] / 3),
               (long long)floor_div(nums[i], 3), (long long)ceil_div(nums[i], 3));
    printf("floor(-7/-2)=%lld ceil(7/-2)=%lld\n", (long long)floor_div(-7, -2), (long long)ceil_div(7, -2));
    return 68;
}
