#include <stdio.h>

static int is_even(unsigned n);
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }

/* tiny recursive-descent evaluator: expr := term (('+'|'-') term)*, term := factor (('*'|'/') factor)*, factor := digit | '(' expr ')' */
static const char *pos;
static int expr(void);
static int factor(void) {
    if (*pos == '(') { pos++; int v = expr(); pos++; return v; }
    if (*pos == '-') { pos++; return -factor(); }
    int v = 0;
    while (*pos >= '0' && *pos <= '9') v = v * 10 + (*pos++ - '0');
    return v;
}
static int term(void) {
    int v = factor();
    while (*pos == '*' || *pos == '/') {
        char op = *pos++;
        int r = factor();
        v = op == '*' ? v * r : v / r;
    }
    return v;
}
static int expr(void) {
    int v = term();
    while (*pos == '+' || *pos == '-') {
        char op = *pos++;
        int r = term();
        v = op == '+' ? v + r : v - r;
    }
    return v;
}
static int eval(const char *s) { pos = s; return expr(); }

static int hof_f(int n);
static int hof_m(int n) { return n == 0 ? 0 : n - hof_f(hof_m(n - 1)); }
static int hof_f(int n) { return n == 0 ? 1 : n - hof_m(hof_f(n - 1)); }

int main(void) {
    for (unsigned n = 0; n < 8; n++) printf("%u even=%d odd=%d\n", n, is_even(n), is_odd(n));
    const char *exprs[] = {"1+2*3", "(1+2)*3", "100/7/2", "2*(3+4)*(5-1)", "-3*-(2+1)", "10-4-3", "((7))"};
    for (int i = 0; i < 7; i++) printf("%s = %d\n", exprs[i], eval(exprs[i]));
    printf("F:");
    for (int i = 0; i < 12; i++) printf(" %d", hof_f(i));
    printf("\nM:");
    for (int i = 0; i < 12; i++) printf(" %d", hof_m(i));
    printf("\n");
    return 72;
}
