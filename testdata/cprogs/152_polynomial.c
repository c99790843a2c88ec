#include <stdio.h>

#define MAXD 8

typedef struct { int deg; long c[MAXD + 1]; } poly;

static long eval(const poly *p, long x) {
    long r = 0;
    for (int i = p->deg; i >= 0; i--) r = r * x + p->c[i];
    return r;
}

static poly mul(const poly *a, const poly *b) {
    poly r = {a->deg + b->deg, {0}};
    for (int i = 0; i <= a->deg; i++)
        for (int j = 0; j <= b->deg; j++) r.c[i + j] += a->c[i] * b->c[j];
    return r;
}

static poly deriv(const poly *p) {
    poly r = {p->deg > 0 ? p->deg - 1 : 0, {0}};
    for (int i = 1; i <= p->deg; i++) r.c[i - 1] = p->c[i] * i;
    return r;
}

static void print(const char *name, const poly *p) {
    printf("%s =", name);
    int first = 1;
    for (int i = p->deg; i >= 0; i--) {
        long c = p->c[i];
        if (!c) continue;
        printf(" %s%ld", c < 0 ? "- " : (first ? "" : "+ "), c < 0 ? -c : c);
        if (i) printf("x");
        if (i > 1) printf("^%d", i);
        first = 0;
    }
    if (first) printf(" 0");
    printf("\n");
}

int main(void) {
    poly a = {2, {-1, 0, 1}};
    poly b = {1, {3, 2}};
    print("a", &a);
    print("b", &b);
    poly c = mul(&a, &b);
    print("a*b", &c);
    poly d = deriv(&c);
    print("(a*b)'", &d);
    poly e = mul(&c, &c);
    print("(a*b)^2", &e);
    for (long x = -3; x <= 3; x++)
        printf("x=%2ld a=%3ld b=%3ld ab=%4ld d=%4ld sq=%6ld\n", x, eval(&a, x), eval(&b, x), eval(&c, x), eval(&d, x), eval(&e, x));
    double coef[] = {1.0, -0.5, 0.25, -0.125};
    double x = 0.5, r = 0;
    for (int i = 3; i >= 0; i--) r = r * x + coef[i];
    printf("double horner=%.6f\n", r);
    return 34;
}
