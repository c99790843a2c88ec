#include <stdio.h>
#include <stdlib.h>

static int solutions, first_printed;

static int safe(const int *q, int row, int col) {
    for (int r = 0; r < row; r++)
        if (q[r] == col || abs(q[r] - col) == row - r) return 0;
    return 1;
}

static void place(int *q, int row, int n) {
    if (row == n) {
        solutions++;
        if (!first_printed) {
            first_printed = 1;
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < n; c++) putchar(q[r] == c ? 'Q' : '.');
                putchar('\n');
            }
        }
        return;
    }
    for (int c = 0; c < n; c++)
        if (safe(q, row, c)) { q[row] = c; place(q, row + 1, n); }
}

static int bits_count(int n, int row, unsigned cols, unsigned d1, unsigned d2) {
    if (row == n) return 1;
    int cnt = 0;
    unsigned avail = ~(cols | d1 | d2) & ((1u << n) - 1);
    while (avail) {
        unsigned bit = avail & (0u - avail);
        avail ^= bit;
        cnt += bits_count(n, row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
    }
    return cnt;
}

int main(void) {
    int q[10];
    for (int n = 1; n <= 8; n++) {
        solutions = 0;
        first_printed = n != 6;
        place(q, 0, n);
        printf("n=%d solutions=%d bitwise=%d\n", n, solutions, bits_count(n, 0, 0, 0, 0));
    }
    return 73;
}
