#include <stdio.h>
#include <string.h>
#include <stdbool.h>

static bool luhn(const char *s) {
    int sum = 0, n = 0;
    for (int i = (int)strlen(s) - 1; i >= 0; i--) {
        if (s[i] == ' ') continue;
        if (s[i] < '0' || s[i] > '9') return false;
        int d = s[i] - '0';
        if (n++ % 2 == 1) { d *= 2; if (d > 9) d -= 9; }
        sum += d;
    }
    return n > 1 && sum % 10 == 0;
}

static bool isbn10(const char *s) {
    int sum = 0, k = 10;
    for (; *s; s++) {
        if (*s == '-') continue;
        int d = (*s == 'X' && k == 1) ? 10 : *s - '0';
        if (d < 0 || d > 10) return false;
        sum += d * k--;
    }
    return k == 0 && sum % 11 == 0;
}

static char isbn13_check(const char *s12) {
    int sum = 0;
    for (int i = 0; i < 12; i++) sum += (s12[i] - '0') * (i % 2 ? 3 : 1);
    return (char)('0' + (10 - sum % 10) % 10);
}

int main(void) {
    const char *cards[] = {"4539 3195 0343 6467", "8273 1232 7352 0569", "79927398713", "0", "059", "1234567812345670", "12a4"};
    for (int i = 0; i < 7; i++) printf("luhn %-22s %s\n", cards[i], luhn(cards[i]) ? "valid" : "invalid");
    const char *isbns[] = {"0-306-40615-2", "0-306-40615-3", "3-16-148410-X", "0-19-853453-1", "123"};
    for (int i = 0; i < 5; i++) printf("isbn10 %-14s %s\n", isbns[i], isbn10(isbns[i]) ? "valid" : "invalid");
    const char *pre[] = {"978030640615", "978316148410", "979000000000"};
    for (int i = 0; i < 3; i++) printf("isbn13 %s%c\n", pre[i], isbn13_check(pre[i]));
    return 70;
}
