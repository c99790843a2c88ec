#include <stdio.h>
#include <string.h>

static int min3(int a, int b, int c) { int m = a < b ? a : b; return m < c ? m : c; }

static int levenshtein(const char *a, const char *b) {
    int n = (int)strlen(a), m = (int)strlen(b);
    int prev[40], cur[40];
    for (int j = 0; j <= m; j++) prev[j] = j;
    for (int i = 1; i <= n; i++) {
        cur[0] = i;
        for (int j = 1; j <= m; j++)
            cur[j] = min3(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]));
        memcpy(prev, cur, (size_t)(m + 1) * sizeof(int));
    }
    return prev[m];
}

static int hamming(const char *a, const char *b) {
    int d = 0;
    for (; *a && *b; a++, b++) d += *a != *b;
    return *a || *b ? -1 : d;
}

int main(void) {
    const char *w[][2] = {{"kitten", "sitting"}, {"flaw", "lawn"}, {"", "abc"}, {"abc", ""}, {"same", "same"},
                          {"intention", "execution"}, {"karolin", "kathrin"}, {"1011101", "1001001"}, {"gcc", "clang"}};
    for (int i = 0; i < 9; i++)
        printf("%-10s %-10s lev=%d ham=%d\n", w[i][0], w[i][1], levenshtein(w[i][0], w[i][1]), hamming(w[i][0], w[i][1]));
    const char *dict[] = {"printf", "sprintf", "print", "puts", "putchar", "malloc", "memcpy", "memset"};
    const char *typo = "prinft";
    int best = 100, bi = 0;
    for (int i = 0; i < 8; i++) {
        int d = levenshtein(typo, dict[i]);
        printf("  %s:%d\n", dict[i], d);
        if (d < best) { best = d; bi = i; }
    }
    printf("did you mean %s? (%d)\n", dict[bi], best);
    return 28;
}
