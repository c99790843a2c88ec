#include <stdio.h>

#define N 4

static double dabs(double x) { return x < 0 ? -x : x; }

static double det(double m[N][N]) {
    double a[N][N];
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) a[i][j] = m[i][j];
    double d = 1;
    for (int c = 0; c < N; c++) {
        int p = c;
        for (int r = c + 1; r < N; r++) if (dabs(a[r][c]) > dabs(a[p][c])) p = r;
        if (a[p][c] == 0) return 0;
        if (p != c) {
            for (int j = 0; j < N; j++) { double t = a[c][j]; a[c][j] = a[p][j]; a[p][j] = t; }
            d = -d;
        }
        d *= a[c][c];
        for (int r = c + 1; r < N; r++) {
            double f = a[r][c] / a[c][c];
            for (int j = c; j < N; j++) a[r][j] -= f * a[c][j];
        }
    }
    return d;
}

static long idet3(const long m[3][3]) {
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
           m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

int main(void) {
    double id[N][N] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
    double m1[N][N] = {{2, 0, 0, 0}, {0, 3, 0, 0}, {0, 0, 4, 0}, {0, 0, 0, 0.5}};
    double m2[N][N] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {2, 6, 4, 8}, {3, 1, 1, 2}};
    double m3[N][N] = {{1, 2, 3, 4}, {2, 4, 6, 8}, {0, 1, 0, 1}, {1, 0, 1, 0}};
    double m4[N][N] = {{0, 1, 0, 0}, {1, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 1, 0}};
    printf("det(I)=%.4f\n", det(id));
    printf("det(diag)=%.4f\n", det(m1));
    printf("det(m2)=%.4f\n", det(m2));
    printf("det(singular)=%.4f\n", det(m3));
    printf("det(perm)=%.4f\n", det(m4));
    long a[3][3] = {{6, 1, 1}, {4, -2, 5}, {2, 8, 7}};
    printf("idet3=%ld\n", idet3((const long (*)[3])a));
    long b[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    printf("idet3 singular=%ld\n", idet3((const long (*)[3])b));
    for (int k = 1; k <= 4; k++) {
        double s[N][N];
        for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) s[i][j] = (i == j) ? k : (i < j ? 1 : 0);
        printf("upper k=%d det=%.4f\n", k, det(s));
    }
    double h[N][N];
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) h[i][j] = 1.0 / (i + j + 1);
    printf("hilbert det=%e\n", det(h));
    return 32;
}
