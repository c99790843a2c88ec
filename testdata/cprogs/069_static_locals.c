#include <stdio.h>

static int next_id(void) { static int id = 100; return id++; }

static int running_avg(int v, int *count_out) {
    static int sum = 0, count = 0;
    sum += v;
    count++;
    *count_out = count;
    return sum / count;
}

static const char *cycle(void) {
    static const char *names[] = {"red", "green", "blue"};
    static unsigned i;
    return names[i++ % 3];
}

static int fib_memo(int n) {
    static long long memo[50];
    static int init = 0;
    if (!init) { for (int i = 0; i < 50; i++) memo[i] = -1; init = 1; }
    if (n < 2) return n;
    if (memo[n] >= 0) return (int)memo[n];
    memo[n] = fib_memo(n - 1) + fib_memo(n - 2);
    return (int)memo[n];
}

static int *counter_ptr(void) { static int c; return &c; }

int main(void) {
    for (int i = 0; i < 4; i++) printf("id=%d\n", next_id());
    int vals[] = {10, 20, 60, 2, 8};
    for (int i = 0; i < 5; i++) {
        int n;
        int avg = running_avg(vals[i], &n);
        printf("avg after %d = %d\n", n, avg);
    }
    for (int i = 0; i < 5; i++) printf("%s ", cycle());
    printf("\n");
    printf("fib_memo(40)=%d fib_memo(45)=%d\n", fib_memo(40), fib_memo(45));
    int *cp = counter_ptr();
    *cp += 5;
    (*counter_ptr())++;
    printf("counter=%d\n", *counter_ptr());
    for (int i = 0; i < 3; i++) {
        static int block_static = 0;
        int auto_var = 0;
        block_static++;
        auto_var++;
        printf("block_static=%d auto_var=%d\n", block_static, auto_var);
    }
    return 74;
}
