#include <stdio.h>

enum state { S_START, S_INT, S_FRAC, S_EXP_SIGN, S_EXP, S_ERR };
static const char *sname[] = {"start", "int", "frac", "expsign", "exp", "err"};

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static enum state run(const char *s, long *mant, int *exp10) {
    enum state st = S_START;
    long m = 0;
    int e = 0, esign = 1, fracdig = 0;
    for (; *s && st != S_ERR; s++) {
        char c = *s;
        switch (st) {
        case S_START: if (is_digit(c)) { m = c - '0'; st = S_INT; } else st = S_ERR; break;
        case S_INT:
            if (is_digit(c)) m = m * 10 + (c - '0');
            else if (c == '.') st = S_FRAC;
            else if (c == 'e' || c == 'E') st = S_EXP_SIGN;
            else st = S_ERR;
            break;
        case S_FRAC:
            if (is_digit(c)) { m = m * 10 + (c - '0'); fracdig++; }
            else if (c == 'e') st = S_EXP_SIGN;
            else st = S_ERR;
            break;
        case S_EXP_SIGN:
            if (c == '-') { esign = -1; st = S_EXP; }
            else if (c == '+') st = S_EXP;
            else if (is_digit(c)) { e = c - '0'; st = S_EXP; }
            else st = S_ERR;
            break;
        case S_EXP: if (is_digit(c)) e = e * 10 + (c - '0'); else st = S_ERR; break;
        case S_ERR: break;
        }
    }
    *mant = m;
    *exp10 = esign * e - fracdig;
    return st;
}

int main(void) {
    const char *in[] = {"0", "42", "3.14", "1e10", "2.5e-3", "6.02E+23", "12.", "1e", "abc", "1.2.3", "007", "9e-"};
    for (int i = 0; i < 12; i++) {
        long m;
        int e;
        enum state st = run(in[i], &m, &e);
        int accept = st == S_INT || st == S_FRAC || st == S_EXP;
        printf("%-9s final=%-7s %s", in[i], sname[st], accept ? "ACCEPT" : "reject");
        if (accept) printf(" mant=%ld exp=%d", m, e);
        printf("\n");
    }
    return 91;
}
