#include <stdio.h>
#include <string.h>

static const int vals[] = {1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1};
static const char *syms[] = {"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"};

static void to_roman(int n, char *out) {
    out[0] = '\0';
    for (int i = 0; i < 13; i++)
        while (n >= vals[i]) { strcpy(out + strlen(out), syms[i]); n -= vals[i]; }
}

static int val(char c) {
    switch (c) {
    case 'I': return 1; case 'V': return 5; case 'X': return 10; case 'L': return 50;
    case 'C': return 100; case 'D': return 500; case 'M': return 1000;
    default: return 0;
    }
}

static int from_roman(const char *s) {
    int total = 0;
    for (; *s; s++) {
        int v = val(*s), nx = val(s[1]);
        total += v < nx ? -v : v;
    }
    return total;
}

int main(void) {
    int tests[] = {1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999, 444, 1666};
    char buf[32];
    for (int i = 0; i < 12; i++) {
        to_roman(tests[i], buf);
        printf("%4d -> %-12s -> %d\n", tests[i], buf, from_roman(buf));
    }
    int bad = 0, longest = 0, arg = 0;
    for (int n = 1; n < 4000; n++) {
        to_roman(n, buf);
        if (from_roman(buf) != n) bad++;
        int l = (int)strlen(buf);
        if (l > longest) { longest = l; arg = n; }
    }
    printf("roundtrip failures=%d longest=%d (%d)\n", bad, longest, arg);
    return 20;
}
