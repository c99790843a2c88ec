#include <stdio.h>
#include <limits.h>

static int parse_int(const char *s, int *out) {
    while (*s == ' ') s++;
    int neg = 0;
    if (*s == '-' || *s == '+') neg = *s++ == '-';
    if (*s < '0' || *s > '9') return 0;
    long long v = 0;
    while (*s >= '0' && *s <= '9') {
        v = v * 10 + (*s++ - '0');
        if (__builtin_expect(v > (long long)INT_MAX + 1, 0)) return -1;
    }
    if (neg) v = -v;
    if (v > INT_MAX || v < INT_MIN) return -1;
    *out = (int)v;
    return *s == '\0' ? 1 : 2;
}

static unsigned parse_hex(const char *s) {
    unsigned v = 0;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s += 2;
    for (;; s++) {
        unsigned d;
        if (*s >= '0' && *s <= '9') d = (unsigned)(*s - '0');
        else if (*s >= 'a' && *s <= 'f') d = (unsigned)(*s - 'a' + 10);
        else if (*s >= 'A' && *s <= 'F') d = (unsigned)(*s - 'A' + 10);
        else break;
        v = v * 16 + d;
    }
    return v;
}

int main(void) {
    const char *tests[] = {"0", "42", "-17", "  +99", "2147483647", "-2147483648", "2147483648",
                           "-2147483649", "12abc", "abc", "", "-", "00012"};
    for (int i = 0; i < 13; i++) {
        int v = 0;
        int r = parse_int(tests[i], &v);
        const char *st = r == 1 ? "ok" : r == 2 ? "trailing" : r == 0 ? "invalid" : "overflow";
        printf("'%s' -> %s", tests[i], st);
        if (r > 0) printf(" %d", v);
        printf("\n");
    }
    const char *hx[] = {"0xff", "DEADbeef", "0X10", "7g"};
    for (int i = 0; i < 4; i++) printf("hex %s = %u\n", hx[i], parse_hex(hx[i]));
    return 53;
}
