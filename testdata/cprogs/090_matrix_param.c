#include <stdio.h>

#define N 4

static void fill(int (*a)[N], int rows) {
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < N; j++) a[i][j] = (i + 1) * (j + 2) % 7;
}

static void print(const char *tag, int (*a)[N], int rows) {
    printf("%s:\n", tag);
    for (int i = 0; i < rows; i++) {
        for (int j = 0; j < N; j++) printf("%3d", a[i][j]);
        printf("\n");
    }
}

static void transpose(int a[N][N]) {
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++) { int t = a[i][j]; a[i][j] = a[j][i]; a[j][i] = t; }
}

static int row_max(const int (*a)[N], int r) {
    int m = a[r][0];
    for (int j = 1; j < N; j++) if (a[r][j] > m) m = a[r][j];
    return m;
}

int main(void) {
    int m[N][N];
    fill(m, N);
    print("filled", m, N);
    transpose(m);
    print("transposed", m, N);
    for (int r = 0; r < N; r++) printf("row_max[%d]=%d\n", r, row_max((const int (*)[N])m, r));
    int half[2][N];
    fill(half, 2);
    print("half", half, 2);
    print("bottom", m + 2, 2);
    return 15;
}
