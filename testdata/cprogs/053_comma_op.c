#include <stdio.h>

static int trace_val = 0;
static int note(int v) { trace_val = trace_val * 10 + v; return v; }

int main(void) {
    int a, b, c;
    a = (b = 3, c = 4, b * c);
    printf("a=%d b=%d c=%d\n", a, b, c);
    int x = (note(1), note(2), note(3));
    printf("x=%d trace=%d\n", x, trace_val);
    int i, j;
    for (i = 0, j = 10; i < j; i += 2, j -= 1)
        printf("i=%d j=%d\n", i, j);
    int sum = 0, k = 0;
    while (k++, k < 5) sum += k;
    printf("sum=%d k=%d\n", sum, k);
    int arr[5] = {0};
    int idx = (1, 3);
    arr[idx] = 9;
    printf("arr[3]=%d\n", arr[3]);
    int m = 0;
    m = (m += 5, m * 2);
    printf("m=%d\n", m);
    int t = 1;
    int r = t ? (t++, t * 10) : (t--, t);
    printf("r=%d t=%d\n", r, t);
    trace_val = 0;
    if (note(4), note(0)) printf("not taken\n");
    else printf("comma cond false, trace=%d\n", trace_val);
    double d = (1, 2.5);
    printf("d=%.1f\n", d);
    int p = 0, q = 0;
    for (p = 0, q = 100; p * p < q; p++, q -= 3) {}
    printf("p=%d q=%d\n", p, q);
    return 40;
}
