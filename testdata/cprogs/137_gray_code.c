#include <stdio.h>

static inline unsigned to_gray(unsigned n) { return n ^ (n >> 1); }
static unsigned from_gray(unsigned g) {
    unsigned n = g;
    for (unsigned s = 1; s < 32; s <<= 1) n ^= n >> s;
    return n;
}
static void bits(unsigned v, int w, char *out) {
    for (int i = w - 1; i >= 0; i--) *out++ = (char)('0' + ((v >> i) & 1));
    *out = '\0';
}

int main(void) {
    char b1[9], b2[9];
    int spare __attribute__((unused)) = 0;
    int ok = 1;
    for (unsigned i = 0; i < 16; i++) {
        unsigned g = to_gray(i);
        bits(i, 4, b1);
        bits(g, 4, b2);
        printf("%2u %s -> %s (%2u) back=%u\n", i, b1, b2, g, from_gray(g));
        if (from_gray(g) != i) ok = 0;
    }
    int adjacent = 1;
    for (unsigned i = 0; i < 255; i++) {
        unsigned d = to_gray(i) ^ to_gray(i + 1);
        if (d & (d - 1)) adjacent = 0;
    }
    printf("roundtrip ok=%d single-bit steps=%d\n", ok, adjacent);
    printf("gray(1000000)=%u back=%u\n", to_gray(1000000u), from_gray(to_gray(1000000u)));
    printf("gray(0xFFFFFFFF)=%08x\n", to_gray(0xFFFFFFFFu));
    return 4;
}
