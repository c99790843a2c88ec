#include <stdio.h>

static const char *classify(int t) {
    if (t < -10) return "frigid";
    else if (t < 0) return "freezing";
    else if (t < 10) return "cold";
    else if (t < 20) return "mild";
    else if (t < 30) return "warm";
    else return "hot";
}

static int fizz(int n) {
    if (n % 15 == 0) printf("FizzBuzz");
    else if (n % 3 == 0) printf("Fizz");
    else if (n % 5 == 0) printf("Buzz");
    else { printf("%d", n); return 0; }
    return 1;
}

int main(void) {
    for (int t = -15; t <= 35; t += 8) printf("%d: %s\n", t, classify(t));
    int words = 0;
    for (int i = 1; i <= 16; i++) {
        words += fizz(i);
        putchar(i < 16 ? ' ' : '\n');
    }
    printf("words=%d\n", words);
    int a = 5, b = 5;
    if (a > b) printf("a>b\n");
    else if (a < b) printf("a<b\n");
    else printf("a==b\n");
    if (a)
        if (b > 10) printf("inner\n");
        else printf("dangling else binds inner\n");
    int x = 0;
    if (x = 7, x > 5) printf("x=%d\n", x);
    if (!x) printf("no\n"); else if (x & 1) printf("odd\n");
    int leap = 0;
    for (int y = 1896; y <= 1912; y += 4) {
        if (y % 400 == 0) leap = 1;
        else if (y % 100 == 0) leap = 0;
        else if (y % 4 == 0) leap = 1;
        else leap = 0;
        printf("%d leap=%d\n", y, leap);
    }
    return 48;
}
