#include <stdio.h>
#include <string.h>
#include <limits.h>

static char *utoa(unsigned long long v, unsigned base, char *buf) {
    const char *digits = "0123456789abcdefghijklmnopqrstuvwxyz";
    char tmp[72];
    int n = 0;
    do { tmp[n++] = digits[v % base]; v /= base; } while (v);
    for (int i = 0; i < n; i++) buf[i] = tmp[n - 1 - i];
    buf[n] = '\0';
    return buf;
}

static char *itoa_signed(long long v, unsigned base, char *buf) {
    if (v < 0) {
        buf[0] = '-';
        utoa(0ULL - (unsigned long long)v, base, buf + 1);
    } else utoa((unsigned long long)v, base, buf);
    return buf;
}

int main(void) {
    char b[72];
    unsigned long long vals[] = {0, 1, 7, 255, 1000, 65535, 123456789, 18446744073709551615ULL};
    for (int i = 0; i < 8; i++) {
        printf("%llu: bin=%s", vals[i], utoa(vals[i], 2, b));
        printf(" oct=%s", utoa(vals[i], 8, b));
        printf(" hex=%s", utoa(vals[i], 16, b));
        printf(" b36=%s\n", utoa(vals[i], 36, b));
    }
    long long sv[] = {-1, -255, LLONG_MIN, 42};
    for (int i = 0; i < 4; i++) {
        printf("%lld: dec=%s", sv[i], itoa_signed(sv[i], 10, b));
        printf(" hex=%s\n", itoa_signed(sv[i], 16, b));
    }
    printf("check vs printf: %s %llx %llo\n", utoa(48879, 16, b), 48879ULL, 48879ULL);
    printf("len of 2^64-1 in base 2=%zu\n", strlen(utoa(~0ULL, 2, b)));
    return 51;
}
