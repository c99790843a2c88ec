#include <stdio.h>
#include <stdlib.h>

static int **make_triangle(int n) {
    int **t = malloc((size_t)n * sizeof *t);
    for (int i = 0; i < n; i++) {
        t[i] = calloc((size_t)i + 1, sizeof **t);
        t[i][0] = t[i][i] = 1;
        for (int j = 1; j < i; j++) t[i][j] = t[i - 1][j - 1] + t[i - 1][j];
    }
    return t;
}

static double *make_matrix(int r, int c) {
    double *m = malloc((size_t)r * (size_t)c * sizeof *m);
    for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++) m[i * c + j] = (i + 1) + (j + 1) * 0.5;
    return m;
}

int main(void) {
    int n = 9;
    int **t = make_triangle(n);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j <= i; j++) printf("%d ", t[i][j]);
        printf("\n");
    }
    long total = 0;
    for (int i = 0; i < n; i++) for (int j = 0; j <= i; j++) total += t[i][j];
    printf("total=%ld\n", total);
    for (int i = 0; i < n; i++) free(t[i]);
    free(t);
    int r = 3, c = 4;
    double *m = make_matrix(r, c);
    for (int i = 0; i < r; i++) {
        double rs = 0;
        for (int j = 0; j < c; j++) rs += m[i * c + j];
        printf("row %d sum=%.2f\n", i, rs);
    }
    double (*mm)[4] = (double (*)[4])m;
    printf("mm[2][3]=%.2f mm[1][0]=%.2f\n", mm[2][3], mm[1][0]);
    free(m);
    int (*grid)[5] = malloc(3 * sizeof *grid);
    for (int i = 0; i < 3; i++) for (int j = 0; j < 5; j++) grid[i][j] = i * j;
    printf("grid[2][4]=%d sizeof row=%zu\n", grid[2][4], sizeof grid[0]);
    free(grid);
    return 97;
}
