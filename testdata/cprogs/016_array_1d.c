#include <stdio.h>

#define N 12

static int sum(const int *a, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    return s;
}

int main(void) {
    int a[N];
    for (int i = 0; i < N; i++)
        a[i] = (i * 7 + 3) % 11 - 5;
    for (int i = 0; i < N; i++)
        printf("%d ", a[i]);
    printf("\nsum=%d\n", sum(a, N));
    int mx = a[0], mn = a[0], imx = 0;
    for (int i = 1; i < N; i++) {
        if (a[i] > mx) { mx = a[i]; imx = i; }
        if (a[i] < mn) mn = a[i];
    }
    printf("max=%d at %d min=%d\n", mx, imx, mn);
    int b[N];
    for (int i = 0; i < N; i++)
        b[N - 1 - i] = a[i];
    for (int i = 0; i < N; i++)
        printf("%d%c", b[i], i == N - 1 ? '\n' : ',');
    int prefix[N + 1];
    prefix[0] = 0;
    for (int i = 0; i < N; i++)
        prefix[i + 1] = prefix[i] + a[i];
    printf("range[3,8)=%d\n", prefix[8] - prefix[3]);
    double d[5] = {1.5, 2.5, 3.5, 4.5, 5.5};
    double ds = 0;
    for (int i = 0; i < 5; i++) ds += d[i];
    printf("ds=%.2f\n", ds);
    char s[8];
    for (int i = 0; i < 7; i++) s[i] = (char)('a' + i * 2);
    s[7] = '\0';
    printf("s=%s len via sizeof=%zu\n", s, sizeof s);
    printf("sum of b=%d idx expr=%d\n", sum(b, N), 3[a]);
    a[a[0] + 5 > 0 ? 1 : 2] += 100;
    printf("a[1]=%d a[2]=%d\n", a[1], a[2]);
    printf("last=%d first=%d\n", a[N - 1], *a);
    return 23;
}
