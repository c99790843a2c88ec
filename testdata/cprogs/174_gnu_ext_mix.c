#include <stdio.h>
#include <stdint.h>

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

static inline uint32_t rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }
static __inline uint32_t fmix(uint32_t h) { h ^= h >> 16; h *= 0x85ebca6bu; h ^= h >> 13; return h; }
static __attribute__((unused)) int spare_helper(int x) { return x + 1; }

__extension__ static const unsigned long long SEED = 0x9E3779B97F4A7C15ull;

static uint32_t hash_words(const uint32_t *w, int n, uint32_t seed) {
    uint32_t h = seed;
    for (int i = 0; i < n; i++) {
        uint32_t k = w[i] * 0xcc9e2d51u;
        k = rotl(k, 15) * 0x1b873593u;
        h ^= k;
        h = rotl(h, 13) * 5 + 0xe6546b64u;
    }
    return fmix(h ^ (uint32_t)n);
}

static int checked_index(int i, int n) {
    if (unlikely(i < 0 || i >= n)) return -1;
    return i;
}

int main(void) {
    uint32_t data[6] = {1, 2, 3, 0xDEADBEEFu, 0, 42};
    __attribute__((unused)) int dummy = 0;
    for (int n = 0; n <= 6; n++) printf("hash(n=%d)=%08x\n", n, hash_words(data, n, (uint32_t)SEED));
    int idx[] = {0, 5, 6, -1, 3};
    for (int i = 0; i < 5; i++) printf("checked_index(%d)=%d\n", idx[i], checked_index(idx[i], 6));
    int big = 0;
    for (int i = 0; i < 6; i++) if (likely(data[i] < 1000)) big++;
    printf("small values=%d\n", big);
    __extension__ long long wide = (long long)SEED >> 3;
    printf("wide=%lld seed hi=%08x\n", wide, (unsigned)(SEED >> 32));
    return 27;
}
