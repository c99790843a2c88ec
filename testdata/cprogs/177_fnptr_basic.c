#include <stdio.h>
#include <stddef.h>

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int maxi(int a, int b) { return a > b ? a : b; }

typedef int (*binop)(int, int);

static int fold(const int *a, int n, int init, binop f) {
    int acc = init;
    for (int i = 0; i < n; i++) acc = f(acc, a[i]);
    return acc;
}

int main(void) {
    int (*fp)(int, int) = add;
    printf("fp(2,3)=%d\n", fp(2, 3));
    fp = &sub;
    printf("(*fp)(2,3)=%d\n", (*fp)(2, 3));
    binop ops[] = {add, sub, mul, maxi};
    const char *names[] = {"add", "sub", "mul", "max"};
    for (int i = 0; i < 4; i++) printf("%s(7,5)=%d\n", names[i], ops[i](7, 5));
    int data[] = {3, 1, 4, 1, 5, 9, 2, 6};
    printf("sum=%d\n", fold(data, 8, 0, add));
    printf("prod=%d\n", fold(data, 8, 1, mul));
    printf("max=%d\n", fold(data, 8, data[0], maxi));
    printf("alt=%d\n", fold(data, 8, 100, sub));
    printf("same fn: %d %d\n", ops[0] == add, ops[1] == add);
    binop none = NULL;
    printf("null fp: %d\n", none == NULL);
    for (int i = 0; i < 4; i++) {
        binop f = ops[(i + 1) % 4];
        printf("chain %d: %d\n", i, f(f(i, 2), 3));
    }
    return 72;
}
