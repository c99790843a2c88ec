#include <stdio.h>

static unsigned long long fact(unsigned n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static long long fib_acc(int n, long long a, long long b) { return n == 0 ? a : fib_acc(n - 1, b, a + b); }
static int sum_digits(int n) { return n < 10 ? n : n % 10 + sum_digits(n / 10); }
static int power(int b, int e) {
    if (e == 0) return 1;
    int h = power(b, e / 2);
    return e % 2 ? h * h * b : h * h;
}
static void hanoi_count(int n, int *moves) {
    if (n == 0) return;
    hanoi_count(n - 1, moves);
    (*moves)++;
    hanoi_count(n - 1, moves);
}

int main(void) {
    for (unsigned i = 0; i <= 20; i += 4) printf("%u! = %llu\n", i, fact(i));
    for (int i = 0; i <= 20; i += 5) printf("fib(%d)=%d\n", i, fib(i));
    printf("fib_acc(80)=%lld\n", fib_acc(80, 0, 1));
    printf("sum_digits(987654321)=%d\n", sum_digits(987654321));
    printf("3^13=%d 2^30=%d\n", power(3, 13), power(2, 30));
    int moves = 0;
    hanoi_count(10, &moves);
    printf("hanoi(10) moves=%d\n", moves);
    return 68;
}
