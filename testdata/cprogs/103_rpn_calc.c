#include <stdio.h>

#define MAXS 32

static int eval_rpn(const char *s, long *result) {
    long st[MAXS];
    int sp = 0;
    while (*s) {
        if (*s == ' ') { s++; continue; }
        if (*s >= '0' && *s <= '9') {
            long v = 0;
            while (*s >= '0' && *s <= '9') v = v * 10 + (*s++ - '0');
            if (sp == MAXS) return -1;
            st[sp++] = v;
            continue;
        }
        if (sp < 2) return -2;
        long b = st[--sp], a = st[--sp], r;
        switch (*s) {
        case '+': r = a + b; break;
        case '-': r = a - b; break;
        case '*': r = a * b; break;
        case '/': if (b == 0) return -3; r = a / b; break;
        case '%': if (b == 0) return -3; r = a % b; break;
        default: return -4;
        }
        st[sp++] = r;
        s++;
    }
    if (sp != 1) return -5;
    *result = st[0];
    return 0;
}

int main(void) {
    const char *progs[] = {
        "3 4 +", "5 1 2 + 4 * + 3 -", "2 3 4 * +", "100 7 /", "100 7 %", "1 2 3",
        "1 +", "4 0 /", "9 3 - 2 -", "6 2 3 ^", "12 5 - 3 * 4 2 / -", "0 5 - 3 /",
    };
    int n = sizeof progs / sizeof progs[0];
    for (int i = 0; i < n; i++) {
        long r = 0;
        int err = eval_rpn(progs[i], &r);
        if (err) printf("%-22s error %d\n", progs[i], err);
        else printf("%-22s = %ld\n", progs[i], r);
    }
    return 37;
}
