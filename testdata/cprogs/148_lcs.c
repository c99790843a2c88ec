#include <stdio.h>
#include <string.h>

#define M 32

static int lcs(const char *a, const char *b, char *out) {
    static int t[M + 1][M + 1];
    int n = (int)strlen(a), m = (int)strlen(b);
    for (int i = 0; i <= n; i++)
        for (int j = 0; j <= m; j++) {
            if (!i || !j) t[i][j] = 0;
            else if (a[i - 1] == b[j - 1]) t[i][j] = t[i - 1][j - 1] + 1;
            else t[i][j] = t[i - 1][j] > t[i][j - 1] ? t[i - 1][j] : t[i][j - 1];
        }
    int len = t[n][m], k = len;
    out[k] = '\0';
    for (int i = n, j = m; i && j;) {
        if (a[i - 1] == b[j - 1]) { out[--k] = a[i - 1]; i--; j--; }
        else if (t[i - 1][j] >= t[i][j - 1]) i--;
        else j--;
    }
    return len;
}

static int longest_common_substring(const char *a, const char *b, int *pos) {
    int best = 0;
    for (int i = 0; a[i]; i++)
        for (int j = 0; b[j]; j++) {
            int k = 0;
            while (a[i + k] && b[j + k] && a[i + k] == b[j + k]) k++;
            if (k > best) { best = k; *pos = i; }
        }
    return best;
}

int main(void) {
    const char *p[][2] = {{"ABCBDAB", "BDCABA"}, {"AGGTAB", "GXTXAYB"}, {"kitten", "sitting"},
                          {"", "abc"}, {"same", "same"}, {"differential", "interpreter"}};
    for (int i = 0; i < 6; i++) {
        char out[M + 1];
        int pos = 0;
        int l = lcs(p[i][0], p[i][1], out);
        int s = longest_common_substring(p[i][0], p[i][1], &pos);
        printf("'%s' '%s' lcs=%d \"%s\" substr=%d\n", p[i][0], p[i][1], l, out, s);
        printf("  substring: ");
        for (int k = 0; k < s; k++) putchar(p[i][0][pos + k]);
        printf("\n");
    }
    return 26;
}
