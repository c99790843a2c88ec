#include <stdio.h>

int main(void) {
    int a = 17, b = 5, c = -23;
    printf("a+b=%d\n", a + b);
    printf("a-b=%d\n", a - b);
    printf("a*b=%d\n", a * b);
    printf("a/b=%d\n", a / b);
    printf("a%%b=%d\n", a % b);
    printf("c/b=%d\n", c / b);
    printf("c%%b=%d\n", c % b);
    printf("-c=%d\n", -c);
    printf("+c=%d\n", +c);
    int x = a * 3 + b * 2 - c;
    printf("x=%d\n", x);
    x = (a + b) * (c - b);
    printf("x=%d\n", x);
    x = a - b - c;
    printf("left assoc sub=%d\n", x);
    x = 100 / 7 / 3;
    printf("left assoc div=%d\n", x);
    x = 2 + 3 * 4 - 10 / 2 % 3;
    printf("precedence=%d\n", x);
    int sum = 0;
    for (int i = 1; i <= 10; i++)
        sum += i * i;
    printf("sum squares=%d\n", sum);
    printf("%5d|%-5d|%05d|%+d|% d\n", a, b, c, a, b);
    return 3;
}
