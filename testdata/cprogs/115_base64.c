#include <stdio.h>
#include <string.h>

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static size_t encode(const unsigned char *in, size_t n, char *out) {
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)in[i] << 16;
        if (i + 1 < n) v |= (unsigned)in[i + 1] << 8;
        if (i + 2 < n) v |= in[i + 2];
        out[o++] = B64[(v >> 18) & 63];
        out[o++] = B64[(v >> 12) & 63];
        out[o++] = i + 1 < n ? B64[(v >> 6) & 63] : '=';
        out[o++] = i + 2 < n ? B64[v & 63] : '=';
    }
    out[o] = '\0';
    return o;
}

static int val(char c) {
    const char *p = B64;
    while (*p && *p != c) p++;
    return *p ? (int)(p - B64) : -1;
}

static size_t decode(const char *in, unsigned char *out) {
    size_t n = strlen(in), o = 0;
    for (size_t i = 0; i + 3 < n; i += 4) {
        unsigned v = 0;
        int pad = 0;
        for (int k = 0; k < 4; k++) {
            int d = in[i + k] == '=' ? (pad++, 0) : val(in[i + k]);
            v = (v << 6) | (unsigned)d;
        }
        out[o++] = (unsigned char)(v >> 16);
        if (pad < 2) out[o++] = (unsigned char)(v >> 8);
        if (pad < 1) out[o++] = (unsigned char)v;
    }
    return o;
}

int main(void) {
    const char *tests[] = {"", "f", "fo", "foo", "foob", "fooba", "foobar", "Hello, World!", "prbmc verifier"};
    for (int i = 0; i < 9; i++) {
        char enc[64];
        unsigned char dec[64];
        size_t el = encode((const unsigned char *)tests[i], strlen(tests[i]), enc);
        size_t dl = decode(enc, dec);
        dec[dl] = '\0';
        printf("'%s' -> '%s' (%zu) -> '%s' %s\n", tests[i], enc, el, (char *)dec,
               strcmp((char *)dec, tests[i]) == 0 ? "ok" : "BAD");
    }
    unsigned char bin[6] = {0x00, 0xFF, 0x10, 0x80, 0x7F, 0xFE};
    char enc[16];
    encode(bin, 6, enc);
    printf("binary -> %s\n", enc);
    return 61;
}
