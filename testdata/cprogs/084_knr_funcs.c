#include <stdio.h>

int add(a, b)
int a;
int b;
{
    return a + b;
}

long scale(x, factor)
    long x;
    int factor;
{
    return x * factor;
}

double average(total, count)
double total;
int count;
{
    return count ? total / count : 0.0;
}

int count_chars(s, c)
    const char *s;
    int c;
{
    int n = 0;
    while (*s) if (*s++ == c) n++;
    return n;
}

static int max3(a, b, c)
int a, b, c;
{
    int m = a;
    if (b > m) m = b;
    if (c > m) m = c;
    return m;
}

int main(void) {
    printf("add=%d\n", add(40, 2));
    printf("add neg=%d\n", add(-10, 3));
    printf("scale=%ld\n", scale(123456L, 7));
    printf("avg=%.3f\n", average(10.0, 4));
    printf("avg0=%.3f\n", average(5.0, 0));
    printf("count l=%d\n", count_chars("hello world", 'l'));
    printf("count o=%d\n", count_chars("foo boo zoo", 'o'));
    printf("max3=%d %d %d\n", max3(1, 2, 3), max3(9, -1, 4), max3(-5, -2, -8));
    int acc = 0;
    for (int i = 0; i < 5; i++) acc = add(acc, i * i);
    printf("acc=%d\n", acc);
    printf("nested=%d\n", add(add(1, 2), max3(4, 5, add(3, 3))));
    return 3;
}
