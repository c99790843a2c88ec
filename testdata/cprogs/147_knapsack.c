#include <stdio.h>
#include <string.h>

#define NI 8
#define CAP 25

int main(void) {
    int w[NI] = {3, 4, 5, 9, 4, 2, 7, 6};
    int v[NI] = {3, 5, 6, 10, 4, 3, 8, 7};
    static int dp[NI + 1][CAP + 1];
    memset(dp, 0, sizeof dp);
    for (int i = 1; i <= NI; i++)
        for (int c = 0; c <= CAP; c++) {
            dp[i][c] = dp[i - 1][c];
            if (w[i - 1] <= c && dp[i - 1][c - w[i - 1]] + v[i - 1] > dp[i][c])
                dp[i][c] = dp[i - 1][c - w[i - 1]] + v[i - 1];
        }
    printf("best value=%d\n", dp[NI][CAP]);
    int c = CAP, tw = 0;
    printf("items:");
    for (int i = NI; i > 0; i--)
        if (dp[i][c] != dp[i - 1][c]) { printf(" %d(w%d,v%d)", i - 1, w[i - 1], v[i - 1]); c -= w[i - 1]; tw += w[i - 1]; }
    printf("\ntotal weight=%d\n", tw);
    for (int cap = 0; cap <= CAP; cap += 5) printf("cap %2d -> %d\n", cap, dp[NI][cap]);
    int coins[] = {1, 5, 10, 25, 50};
    long ways[101] = {1};
    for (int k = 0; k < 5; k++)
        for (int a = coins[k]; a <= 100; a++) ways[a] += ways[a - coins[k]];
    printf("ways to make 100=%ld 50=%ld 27=%ld\n", ways[100], ways[50], ways[27]);
    int minc[64];
    minc[0] = 0;
    int den[] = {1, 7, 10};
    for (int a = 1; a < 64; a++) {
        minc[a] = 1000;
        for (int k = 0; k < 3; k++) if (den[k] <= a && minc[a - den[k]] + 1 < minc[a]) minc[a] = minc[a - den[k]] + 1;
    }
    printf("min coins 14=%d 15=%d 63=%d\n", minc[14], minc[15], minc[63]);
    return 24;
}
