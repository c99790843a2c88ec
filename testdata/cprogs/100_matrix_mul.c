#include <stdio.h>

#define N 3

static void mul(const int a[N][N], const int b[N][N], int c[N][N]) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int s = 0;
            for (int k = 0; k < N; k++) s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

static void show(const char *tag, const int m[N][N]) {
    printf("%s\n", tag);
    for (int i = 0; i < N; i++) printf("  %6d %6d %6d\n", m[i][0], m[i][1], m[i][2]);
}

static void dmul(int n, int m, int p, const double *a, const double *b, double *c) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < p; j++) {
            double s = 0;
            for (int k = 0; k < m; k++) s += a[i * m + k] * b[k * p + j];
            c[i * p + j] = s;
        }
}

int main(void) {
    const int a[N][N] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    const int id[N][N] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    int c[N][N], d[N][N];
    mul(a, id, c);
    show("a*I", (const int (*)[N])c);
    mul(a, a, c);
    show("a^2", (const int (*)[N])c);
    mul((const int (*)[N])c, a, d);
    show("a^3", (const int (*)[N])d);
    int f[N][N] = {{1, 1, 0}, {1, 0, 0}, {0, 0, 1}}, r[N][N] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    for (int i = 0; i < 20; i++) {
        mul((const int (*)[N])r, (const int (*)[N])f, d);
        for (int x = 0; x < N; x++) for (int y = 0; y < N; y++) r[x][y] = d[x][y];
    }
    printf("fib via matrix: %d\n", r[0][1]);
    double A[2 * 3] = {1.5, -2, 0.5, 3, 0.25, 1};
    double B[3 * 2] = {2, 1, 0.5, -1, 4, 0};
    double C[4];
    dmul(2, 3, 2, A, B, C);
    printf("C=[%.3f %.3f; %.3f %.3f]\n", C[0], C[1], C[2], C[3]);
    return 31;
}
