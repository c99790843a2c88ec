#include <stdio.h>
#include <string.h>

static int count;

static void permute(char *s, int k, int n) {
    if (k == n) {
        count++;
        if (count <= 12 || count % 24 == 0) printf("%3d: %s\n", count, s);
        return;
    }
    for (int i = k; i < n; i++) {
        char t = s[k]; s[k] = s[i]; s[i] = t;
        permute(s, k + 1, n);
        t = s[k]; s[k] = s[i]; s[i] = t;
    }
}

static int next_perm(int *a, int n) {
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1]) i--;
    if (i < 0) return 0;
    int j = n - 1;
    while (a[j] <= a[i]) j--;
    int t = a[i]; a[i] = a[j]; a[j] = t;
    for (int l = i + 1, r = n - 1; l < r; l++, r--) { t = a[l]; a[l] = a[r]; a[r] = t; }
    return 1;
}

int main(void) {
    char s[] = "abcde";
    permute(s, 0, (int)strlen(s));
    printf("total=%d s=%s\n", count, s);
    int a[4] = {1, 2, 2, 3};
    int n = 0;
    do {
        n++;
        if (n <= 6) printf("multiset %d: %d%d%d%d\n", n, a[0], a[1], a[2], a[3]);
    } while (next_perm(a, 4));
    printf("distinct=%d\n", n);
    return 75;
}
