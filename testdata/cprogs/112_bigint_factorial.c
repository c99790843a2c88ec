#include <stdio.h>
#include <string.h>

#define DIGITS 80

typedef struct { unsigned char d[DIGITS]; int len; } big;

static void big_set(big *b, unsigned v) {
    memset(b->d, 0, sizeof b->d);
    b->len = 0;
    do { b->d[b->len++] = (unsigned char)(v % 10); v /= 10; } while (v);
}

static void big_mul(big *b, unsigned m) {
    unsigned carry = 0;
    for (int i = 0; i < b->len; i++) {
        unsigned t = b->d[i] * m + carry;
        b->d[i] = (unsigned char)(t % 10);
        carry = t / 10;
    }
    while (carry && b->len < DIGITS) { b->d[b->len++] = (unsigned char)(carry % 10); carry /= 10; }
}

static void big_add(big *r, const big *a, const big *b) {
    int n = a->len > b->len ? a->len : b->len, carry = 0;
    big out;
    memset(&out, 0, sizeof out);
    for (int i = 0; i < n; i++) {
        int t = a->d[i] + b->d[i] + carry;
        out.d[i] = (unsigned char)(t % 10);
        carry = t / 10;
    }
    out.len = n;
    if (carry) out.d[out.len++] = (unsigned char)carry;
    *r = out;
}

static void big_print(const char *tag, const big *b) {
    printf("%s", tag);
    for (int i = b->len - 1; i >= 0; i--) putchar('0' + b->d[i]);
    printf(" (%d digits)\n", b->len);
}

int main(void) {
    big f;
    big_set(&f, 1);
    for (unsigned i = 1; i <= 40; i++) {
        big_mul(&f, i);
        if (i % 5 == 0) { printf("%2u! = ", i); big_print("", &f); }
    }
    big a, b, c;
    big_set(&a, 0);
    big_set(&b, 1);
    for (int i = 2; i <= 150; i++) { big_add(&c, &a, &b); a = b; b = c; }
    big_print("fib(150)=", &b);
    big p;
    big_set(&p, 1);
    for (int i = 0; i < 100; i++) big_mul(&p, 2);
    big_print("2^100=", &p);
    int ds = 0;
    for (int i = 0; i < f.len; i++) { int f = i; ds += (&f)[0] - i; }
    for (int i = 0; i < f.len; i++) ds += f.d[i];
    printf("digit sum 40! = %d\n", ds);
    return 55;
}
