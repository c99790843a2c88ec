#include <stdio.h>

static volatile int vcounter;
static const volatile int cv = 17;

static int sum_const(const int *restrict a, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    return s;
}

static void copy_restrict(int *restrict dst, const int *restrict src, int n) {
    for (int i = 0; i < n; i++) dst[i] = src[i] * 2;
}

int main(void) {
    for (int i = 0; i < 10; i++) vcounter += i;
    printf("vcounter=%d cv=%d\n", vcounter, cv);
    volatile unsigned char vb = 250;
    vb += 10;
    printf("vb=%u\n", vb);
    const int arr[5] = {1, 2, 3, 4, 5};
    printf("sum_const=%d\n", sum_const(arr, 5));
    int dst[5];
    copy_restrict(dst, arr, 5);
    for (int i = 0; i < 5; i++) printf("dst[%d]=%d\n", i, dst[i]);
    volatile double vd = 1.25;
    vd *= 4;
    printf("vd=%.2f\n", vd);
    const char *const msg = "qualified";
    printf("msg=%s len=%zu\n", msg, sizeof("qualified") - 1);
    int x = 5;
    int *volatile pv = &x;
    *pv = 6;
    printf("x=%d\n", x);
    volatile int loops = 0;
    while (loops < 3) loops++;
    printf("loops=%d\n", loops);
    register int r = 40;
    r += 2;
    printf("register r=%d\n", r);
    return 52;
}
