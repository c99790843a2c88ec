#include <stdio.h>

int main(void) {
    float a = 1.5f, b = 0.25f;
    printf("a+b=%f\n", a + b);
    printf("a-b=%f\n", a - b);
    printf("a*b=%f\n", a * b);
    printf("a/b=%f\n", a / b);
    float c = a;
    c *= 4.0f;
    printf("c=%.3f\n", c);
    c /= 8.0f;
    printf("c=%.3f\n", c);
    printf("sizeof float=%zu\n", sizeof(float));
    float s = 0.0f;
    for (int i = 0; i < 16; i++)
        s += 0.125f;
    printf("s=%f\n", s);
    printf("cmp: %d %d %d\n", a > b, a == 1.5f, b != 0.25f);
    float neg = -a;
    printf("neg=%f %e\n", neg, neg);
    float big = 1024.0f * 1024.0f;
    printf("big=%f %g\n", big, big);
    float half = 1.0f;
    for (int i = 0; i < 10; i++)
        half /= 2.0f;
    printf("half=%g %e\n", half, half);
    float m = a * 3 - 1;
    printf("m=%.2f\n", m);
    int ti = (int)(a * 10.0f);
    printf("ti=%d\n", ti);
    float fi = 7;
    printf("fi/2=%f\n", fi / 2);
    printf("mixed: %f\n", a + 2);
    return 9;
}
