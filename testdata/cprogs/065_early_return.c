#include <stdio.h>

static int grid[5][6] = {
    {1, 2, 3, 4, 5, 6}, {7, 8, 9, 10, 11, 12}, {13, 14, 42, 16, 17, 18},
    {19, 20, 21, 22, 42, 24}, {25, 26, 27, 28, 29, 30},
};

static int find(int v, int *row, int *col) {
    for (int r = 0; r < 5; r++) {
        for (int c = 0; c < 6; c++) {
            if (grid[r][c] == v) { *row = r; *col = c; return 1; }
        }
    }
    return 0;
}

static int first_neg_prefix(const int *a, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) {
        s += a[i];
        if (s < 0) return i;
    }
    return -1;
}

static const char *check(int x) {
    if (x < 0) return "negative";
    while (x > 0) {
        if (x % 7 == 0) return "has multiple of 7 in chain";
        x /= 2;
    }
    return "clean";
}

int main(void) {
    int r, c;
    int targets[] = {42, 30, 1, 99, 17};
    for (int i = 0; i < 5; i++) {
        if (find(targets[i], &r, &c)) printf("%d at (%d,%d)\n", targets[i], r, c);
        else printf("%d not found\n", targets[i]);
    }
    int a[] = {5, -2, 3, -7, 4, -10};
    printf("first neg prefix=%d\n", first_neg_prefix(a, 6));
    printf("first neg prefix (3)=%d\n", first_neg_prefix(a, 3));
    {
        int r = 99, c = -99;
        printf("shadowed r=%d c=%d\n", r, c);
    }
    printf("outer r=%d c=%d\n", r, c);
    int xs[] = {-3, 56, 100, 9, 28};
    for (int i = 0; i < 5; i++) printf("check(%d)=%s\n", xs[i], check(xs[i]));
    return 66;
}
