#include <stdio.h>

static int classify(int x) {
    int r = 0;
    switch (x) {
    case 1: r = 10; break;
    default: r = -1; /* fallthrough */
    case 2: r += 20; break;
    case 3: r = 30;
    }
    return r;
}

static const char *tok(char c) {
    switch (c) {
    case '+': case '-': return "addop";
    default: return "other";
    case '*': case '/': case '%': return "mulop";
    case '(': return "lparen";
    case ')': return "rparen";
    }
}

int main(void) {
    for (int x = 0; x <= 4; x++) printf("classify(%d)=%d\n", x, classify(x));
    const char *expr = "(a+b)*c%d-e/f";
    for (const char *p = expr; *p; p++) printf("%c:%s\n", *p, tok(*p));
    int hist[3] = {0};
    for (int i = -3; i < 9; i++) {
        switch (i % 3) {
        default: hist[2]++; break;
        case 0: hist[0]++; break;
        case 1: hist[1]++;
        }
    }
    printf("hist=%d %d %d\n", hist[0], hist[1], hist[2]);
    int v = 5;
    switch (v) { }
    switch (v) default: v++;
    printf("v=%d\n", v);
    switch (v) {
    case 6: {
        int local = v * 2;
        printf("block local=%d\n", local);
        break;
    }
    case 7: printf("seven\n");
    }
    return 60;
}
