#include <stdio.h>
#include <stdint.h>
#include <string.h>

static void dump(const char *tag, const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    printf("%s:", tag);
    for (size_t i = 0; i < n; i++) printf(" %02x", b[i]);
    printf("\n");
}

int main(void) {
    int x = 0x01020304;
    unsigned char *p = (unsigned char *)&x;
    printf("little endian=%d\n", p[0] == 4);
    for (int i = 0; i < 4; i++) printf("byte %d = %d\n", i, p[i]);
    p[1] = 0xAA;
    printf("x now=%08x\n", (unsigned)x);
    int neg = -2;
    dump("neg", &neg, sizeof neg);
    short s = 0x1234;
    dump("short", &s, sizeof s);
    long long ll = 0x0102030405060708LL;
    dump("ll", &ll, sizeof ll);
    uint32_t arr[2] = {0xDEADBEEFu, 0x00C0FFEEu};
    dump("arr", arr, sizeof arr);
    char *cp = (char *)arr;
    printf("signed first byte=%d\n", cp[0]);
    double d = 1.5;
    dump("double", &d, sizeof d);
    float f = -1.0f;
    dump("float", &f, sizeof f);
    uint32_t built = 0;
    unsigned char *bp = (unsigned char *)&built;
    for (int i = 0; i < 4; i++) bp[i] = (unsigned char)(0x10 * (i + 1));
    printf("built=%08x\n", built);
    uint32_t copy;
    memcpy(&copy, bp, 4);
    printf("copy=%08x\n", copy);
    struct { int i; char c[4]; } st = {258, {'A', 'B', 0, 0}};
    dump("struct", &st, sizeof st);
    return 18;
}
