#include <stdio.h>

static long calls;

static int ack(int m, int n) {
    calls++;
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

static int binom(int n, int k) {
    if (k == 0 || k == n) return 1;
    return binom(n - 1, k - 1) + binom(n - 1, k);
}

static int depth_max = 0;
static int tak(int x, int y, int z, int d) {
    if (d > depth_max) depth_max = d;
    if (y < x) return tak(tak(x - 1, y, z, d + 1), tak(y - 1, z, x, d + 1), tak(z - 1, x, y, d + 1), d + 1);
    return z;
}

int main(void) {
    for (int m = 0; m <= 3; m++)
        for (int n = 0; n <= 3; n++) {
            calls = 0;
            int r = ack(m, n);
            printf("ack(%d,%d)=%d calls=%ld\n", m, n, r, calls);
        }
    for (int n = 0; n <= 8; n += 2) {
        printf("C(%d,k):", n);
        for (int k = 0; k <= n; k++) printf(" %d", binom(n, k));
        printf("\n");
    }
    int t = tak(12, 8, 4, 0); /* before reading depth_max: argument order is unspecified */
    printf("tak(12,8,4)=%d maxdepth>0=%d\n", t, depth_max > 0);
    return 70;
}
