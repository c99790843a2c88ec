#include <stdio.h>

#define ROWS 16

int main(void) {
    unsigned long long row[ROWS + 1] = {1};
    for (int n = 0; n < ROWS; n++) {
        for (int k = n; k > 0; k--) row[k] += row[k - 1];
        if (n < 10) {
            for (int s = 0; s < 9 - n; s++) printf("  ");
            for (int k = 0; k <= n; k++) printf("%4llu", row[k]);
            printf("\n");
        }
    }
    unsigned long long sum = 0;
    for (int k = 0; k < ROWS; k++) sum += row[k];
    printf("row 15 sum=%llu middle=%llu\n", sum, row[7]);
    __extension__ static unsigned long long tri[35][35];
    for (int n = 0; n < 35; n++) {
        tri[n][0] = tri[n][n] = 1;
        for (int k = 1; k < n; k++) tri[n][k] = tri[n - 1][k - 1] + tri[n - 1][k];
    }
    printf("C(34,17)=%llu\n", tri[34][17]);
    printf("C(30,10)=%llu\n", tri[30][10]);
    int odd = 0;
    for (int n = 0; n < 32; n++)
        for (int k = 0; k <= n; k++) odd += (int)(tri[n][k] & 1);
    printf("odd entries in 32 rows=%d\n", odd);
    for (int n = 0; n < 8; n++) {
        for (int k = 0; k <= n; k++) putchar(tri[n][k] & 1 ? '*' : ' ');
        putchar('\n');
    }
    return 77;
}
