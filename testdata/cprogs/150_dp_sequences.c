#include <stdio.h>

int main(void) {
    unsigned long long stairs[61] = {1, 1, 2};
    for (int i = 3; i <= 60; i++) stairs[i] = stairs[i - 1] + stairs[i - 2] + stairs[i - 3];
    for (int i = 0; i <= 60; i += 12) printf("tribonacci-stairs(%d)=%llu\n", i, stairs[i]);
    int a[] = {10, 9, 2, 5, 3, 7, 101, 18, 4, 20, 21, 1};
    int n = sizeof a / sizeof a[0], lis[12], best = 0;
    for (int i = 0; i < n; i++) {
        lis[i] = 1;
        for (int j = 0; j < i; j++) if (a[j] < a[i] && lis[j] + 1 > lis[i]) lis[i] = lis[j] + 1;
        if (lis[i] > best) best = lis[i];
    }
    printf("LIS length=%d\n", best);
    int b[] = {-2, 1, -3, 4, -1, 2, 1, -5, 4, 3, -8, 6};
    int cur = 0, mx = b[0], s = 0, bs = 0, be = 0;
    for (int i = 0; i < 12; i++) {
        if (cur <= 0) { cur = b[i]; s = i; } else cur += b[i];
        if (cur > mx) { mx = cur; bs = s; be = i; }
    }
    printf("max subarray=%d [%d..%d]\n", mx, bs, be);
    unsigned long long catalan[20] = {1};
    for (int i = 1; i < 20; i++) {
        catalan[i] = 0;
        for (int j = 0; j < i; j++) catalan[i] += catalan[j] * catalan[i - 1 - j];
    }
    for (int i = 0; i < 20; i += 4) printf("catalan(%d)=%llu\n", i, catalan[i]);
    long long part[51] = {1};
    for (int k = 1; k <= 50; k++)
        for (int v = k; v <= 50; v++) part[v] += part[v - k];
    printf("partitions(10)=%lld (50)=%lld\n", part[10], part[50]);
    int grid[4][5] = {{1, 3, 1, 2, 8}, {1, 5, 1, 9, 1}, {4, 2, 1, 1, 3}, {7, 1, 6, 2, 1}};
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 5; j++) {
            if (!i && !j) continue;
            int up = i ? grid[i - 1][j] : 1 << 20, left = j ? grid[i][j - 1] : 1 << 20;
            grid[i][j] += up < left ? up : left;
        }
    printf("min path sum=%d\n", grid[3][4]);
    return 30;
}
