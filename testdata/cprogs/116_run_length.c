#include <stdio.h>
#include <string.h>

static size_t rle_encode(const char *s, char *out) {
    size_t o = 0;
    while (*s) {
        char c = *s;
        int n = 0;
        while (*s == c && n < 9) { s++; n++; }
        out[o++] = (char)('0' + n);
        out[o++] = c;
    }
    out[o] = '\0';
    return o;
}

static size_t rle_decode(const char *s, char *out) {
    size_t o = 0;
    for (; s[0] && s[1]; s += 2)
        for (int k = 0; k < s[0] - '0'; k++) out[o++] = s[1];
    out[o] = '\0';
    return o;
}

int main(void) {
    const char *tests[] = {"aaabbc", "abc", "", "zzzzzzzzzzzz", "aabbaabb", "xxxxxyyyyyxxxxx", "q"};
    for (int i = 0; i < 7; i++) {
        char enc[64], dec[64];
        size_t el = rle_encode(tests[i], enc);
        size_t dl = rle_decode(enc, dec);
        printf("'%s' -> '%s' (%zu) -> '%s' (%zu) %s\n", tests[i], enc, el, dec, dl,
               strcmp(dec, tests[i]) ? "BAD" : "ok");
    }
    unsigned char img[32];
    for (int i = 0; i < 32; i++) img[i] = (unsigned char)(i < 10 ? 0 : i < 12 ? 255 : i < 30 ? 128 : 0);
    int runs = 0;
    for (int i = 0; i < 32;) {
        int j = i;
        while (j < 32 && img[j] == img[i]) j++;
        printf("run value=%3u len=%2d\n", img[i], j - i);
        runs++;
        i = j;
    }
    printf("runs=%d\n", runs);
    return 63;
}
