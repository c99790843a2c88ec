#include <stdio.h>

static int square(int x) { return x * x; }
static int cube(int x) { return x * square(x); }
static int apply_n(int x, int n) { while (n-- > 0) x = square(x) % 1000; return x; }
static void print_row(int n) {
    printf("%2d %4d %6d\n", n, square(n), cube(n));
}
static double mean(const int *a, int n) {
    long s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    return n ? (double)s / n : 0.0;
}
static int is_palin(unsigned v) {
    unsigned r = 0, o = v;
    while (v) { r = r * 10 + v % 10; v /= 10; }
    return r == o;
}

int main(void) {
    for (int i = -3; i <= 8; i++) print_row(i);
    printf("apply_n(7,3)=%d\n", apply_n(7, 3));
    int data[] = {4, 8, 15, 16, 23, 42};
    printf("mean=%.4f\n", mean(data, 6));
    int pal = 0;
    for (unsigned v = 100; v < 200; v++) pal += is_palin(v);
    printf("palindromes 100..199: %d\n", pal);
    return 80;
}
