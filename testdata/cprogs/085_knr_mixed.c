#include <stdio.h>

int gcd();
static int lcm();

int gcd(a, b)
    unsigned a, b;
{
    while (b) { unsigned t = a % b; a = b; b = t; }
    return (int)a;
}

static int lcm(a, b)
    int a, b;
{
    return a / gcd(a, b) * b;
}

void fill(arr, n, start, step)
    int *arr;
    int n, start, step;
{
    int i;
    for (i = 0; i < n; i++) arr[i] = start + i * step;
}

char upper(c)
    int c;
{
    return (char)(c >= 'a' && c <= 'z' ? c - 32 : c);
}

int main(void) {
    printf("gcd(48,18)=%d\n", gcd(48u, 18u));
    printf("gcd(17,5)=%d\n", gcd(17u, 5u));
    printf("lcm(4,6)=%d\n", lcm(4, 6));
    printf("lcm(21,6)=%d\n", lcm(21, 6));
    int arr[6];
    fill(arr, 6, 5, -3);
    int i;
    for (i = 0; i < 6; i++) printf("arr[%d]=%d\n", i, arr[i]);
    const char *s = "k&r style";
    for (i = 0; s[i]; i++) putchar(upper(s[i]));
    putchar('\n');
    int l = 1;
    for (i = 1; i <= 10; i++) l = lcm(l, i);
    printf("lcm(1..10)=%d\n", l);
    return 5;
}
