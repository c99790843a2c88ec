#include <stdio.h>
#include <stdint.h>
#include <string.h>

static uint32_t fnv1a32(const void *data, size_t n) {
    const unsigned char *p = data;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) { h ^= p[i]; h *= 16777619u; }
    return h;
}

static uint64_t fnv1a64(const char *s) {
    uint64_t h = 14695981039346656037ull;
    while (*s) { h ^= (unsigned char)*s++; h *= 1099511628211ull; }
    return h;
}

static uint32_t djb2(const char *s) {
    uint32_t h = 5381;
    int c;
    while ((c = (unsigned char)*s++) != 0) h = ((h << 5) + h) + (uint32_t)c;
    return h;
}

int main(void) {
    const char *keys[] = {"", "a", "foobar", "hello world", "prbmc", "differential", "\xff\xfe"};
    for (int i = 0; i < 7; i++) {
        printf("%-14s fnv32=%08x fnv64=%016llx djb2=%08x\n", keys[i], fnv1a32(keys[i], strlen(keys[i])),
               (unsigned long long)fnv1a64(keys[i]), djb2(keys[i]));
    }
    int buckets[8] = {0};
    char word[8];
    for (int i = 0; i < 64; i++) {
        word[0] = (char)('a' + i % 26);
        word[1] = (char)('a' + i / 26);
        word[2] = '\0';
        buckets[fnv1a32(word, 2) & 7]++;
    }
    for (int b = 0; b < 8; b++) printf("bucket %d: %d\n", b, buckets[b]);
    int ints[4] = {1, 2, 3, 4};
    printf("hash ints=%08x\n", fnv1a32(ints, sizeof ints));
    return 33;
}
