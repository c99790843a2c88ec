#include <stdio.h>

static int calls = 0;
static int bump(int v) { calls++; return v; }

static const char *sign(int x) { return x < 0 ? "neg" : x > 0 ? "pos" : "zero"; }
static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

int main(void) {
    int vals[] = {-5, 0, 7};
    for (int i = 0; i < 3; i++) printf("%d is %s\n", vals[i], sign(vals[i]));
    for (int v = -20; v <= 20; v += 10) printf("clamp(%d)=%d\n", v, clamp(v, -12, 15));
    int a = 3, b = 8;
    int mx = a > b ? a : b;
    printf("max=%d\n", mx);
    int r = a < b ? bump(100) : bump(200);
    printf("r=%d calls=%d\n", r, calls);
    int x = 0;
    int y = x ? x++ : x--;
    printf("x=%d y=%d\n", x, y);
    int n = 5;
    int *p = n > 3 ? &a : &b;
    *p = 42;
    printf("a=%d b=%d\n", a, b);
    *(n > 10 ? &a : &b) = 99;
    printf("a=%d b=%d\n", a, b);
    for (int i = 0; i < 6; i++)
        printf("%d%s", i, i % 3 == 2 ? "\n" : ", ");
    double d = n > 2 ? 1 : 0.5;
    printf("d=%f\n", d);
    unsigned u = n ? 1u : 0u;
    printf("u=%u\n", u);
    int grade = 73;
    char g = grade >= 90 ? 'A' : grade >= 80 ? 'B' : grade >= 70 ? 'C' : grade >= 60 ? 'D' : 'F';
    printf("grade=%c\n", g);
    calls = 0;
    int z = (calls ? bump(1) : bump(2)) + (calls ? 10 : 20);
    printf("z=%d calls=%d\n", z, calls);
    const char *s = 0 ? "yes" : (1 ? "inner-yes" : "inner-no");
    printf("%s\n", s);
    return 44;
}
