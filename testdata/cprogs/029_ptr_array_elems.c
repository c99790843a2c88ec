#include <stdio.h>
#include <stddef.h>

static int sum_range(const int *begin, const int *end) {
    int s = 0;
    while (begin < end) s += *begin++;
    return s;
}

static void fill(int *p, int n, int start) { for (int i = 0; i < n; i++) *(p + i) = start + i; }

int main(void) {
    int a[10];
    fill(a, 10, 100);
    int *p = a;
    printf("*p=%d p[3]=%d *(p+5)=%d\n", *p, p[3], *(p + 5));
    p += 4;
    printf("after +=4: *p=%d p[-2]=%d\n", *p, p[-2]);
    p++;
    printf("p++: %d\n", *p);
    --p;
    printf("--p: %d\n", *p);
    ptrdiff_t idx = p - a;
    printf("index=%ld\n", (long)idx);
    printf("sum all=%d\n", sum_range(a, a + 10));
    printf("sum mid=%d\n", sum_range(&a[2], &a[7]));
    int *end = a + 10;
    int cnt = 0;
    for (int *it = a; it != end; it++)
        if (*it % 3 == 0) cnt++;
    printf("div3=%d\n", cnt);
    fill(a + 5, 5, -1);
    for (int i = 0; i < 10; i++) printf("%d ", a[i]);
    printf("\n");
    int *q = &a[9];
    while (q > a && *q < 0) q--;
    printf("last nonneg idx=%ld val=%d\n", (long)(q - a), *q);
    int *r = a;
    *r++ = 7;
    *r++ = 8;
    printf("a0=%d a1=%d r idx=%ld\n", a[0], a[1], (long)(r - a));
    int v = *r--;
    printf("v=%d now r idx=%ld\n", v, (long)(r - a));
    printf("cmp: %d %d %d\n", a < a + 1, &a[3] <= &a[3], &a[5] > &a[6]);
    return 79;
}
