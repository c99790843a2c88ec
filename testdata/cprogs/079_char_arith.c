#include <stdio.h>

static char rot(char c, int k) {
    if (c >= 'a' && c <= 'z') return (char)('a' + (c - 'a' + k) % 26);
    if (c >= 'A' && c <= 'Z') return (char)('A' + (c - 'A' + k) % 26);
    return c;
}

int main(void) {
    for (char c = 'A'; c <= 'E'; c++) printf("%c=%d lower=%c\n", c, c, c + ('a' - 'A'));
    printf("'9'-'0'=%d\n", '9' - '0');
    printf("'a'+1=%c\n", 'a' + 1);
    char digit = (char)('0' + 7);
    printf("digit=%c\n", digit);
    const char *msg = "Hello, World!";
    for (const char *p = msg; *p; p++) putchar(rot(*p, 3));
    putchar('\n');
    for (const char *p = msg; *p; p++) putchar(rot(rot(*p, 3), 23));
    putchar('\n');
    int hexval = 0;
    const char *hex = "7fA3";
    for (const char *p = hex; *p; p++) {
        char c = *p;
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c - 'A' + 10;
        hexval = hexval * 16 + d;
    }
    printf("hex %s=%d\n", hex, hexval);
    char s[] = "abcxyz";
    for (int i = 0; s[i]; i++) s[i] = (char)('z' - (s[i] - 'a'));
    printf("mirror=%s\n", s);
    char big = 'z';
    printf("z+10 as int=%d\n", big + 10);
    char minus = (char)-1;
    printf("char -1=%d\n", minus);
    unsigned char u = 'A';
    printf("u*3=%d\n", u * 3);
    printf("char diff=%d\n", 'a' - 'z');
    int counts[3] = {0};
    for (const char *p = "The Quick 123 brown"; *p; p++) {
        if (*p >= 'A' && *p <= 'Z') counts[0]++;
        else if (*p >= 'a' && *p <= 'z') counts[1]++;
        else if (*p >= '0' && *p <= '9') counts[2]++;
    }
    printf("upper=%d lower=%d digits=%d\n", counts[0], counts[1], counts[2]);
    return 94;
}
