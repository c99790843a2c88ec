#include <stdio.h>

int main(void) {
    int n = 27, steps = 0;
    while (n != 1) {
        n = (n % 2) ? 3 * n + 1 : n / 2;
        steps++;
    }
    printf("collatz(27) steps=%d\n", steps);
    unsigned v = 0xDEADBEEF;
    int digits = 0;
    while (v) { digits++; v /= 10; }
    printf("digits=%d\n", digits);
    int i = 0;
    while (1) {
        if (i * i > 200) break;
        i++;
    }
    printf("first i with i*i>200: %d\n", i);
    int k = 20, odd_sum = 0;
    while (k-- > 0) {
        if (k % 2 == 0) continue;
        odd_sum += k;
    }
    printf("odd_sum=%d k=%d\n", odd_sum, k);
    int a = 1071, b = 462;
    while (b) { int t = a % b; a = b; b = t; }
    printf("gcd=%d\n", a);
    long long f0 = 0, f1 = 1;
    int idx = 0;
    while (f1 < 1000000) {
        long long t = f0 + f1;
        f0 = f1; f1 = t; idx++;
    }
    printf("first fib >= 1e6 is F%d=%lld\n", idx + 1, f1);
    const char *s = "  leading spaces";
    while (*s == ' ') s++;
    printf("[%s]\n", s);
    int x = 100;
    while (x > 1) {
        printf("%d ", x);
        x /= 3;
    }
    printf("\n");
    int outer = 0;
    while (outer < 3) {
        int inner = 0;
        while (inner < outer) { printf("(%d,%d)", outer, inner); inner++; }
        outer++;
    }
    printf("\n");
    printf("done outer=%d\n", outer);
    return 50;
}
