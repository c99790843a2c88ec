#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long inversions;

static void merge_sort(int *a, int *tmp, int n) {
    if (n < 2) return;
    int h = n / 2;
    merge_sort(a, tmp, h);
    merge_sort(a + h, tmp, n - h);
    int i = 0, j = h, k = 0;
    while (i < h && j < n) {
        if (a[i] <= a[j]) tmp[k++] = a[i++];
        else { tmp[k++] = a[j++]; inversions += h - i; }
    }
    while (i < h) tmp[k++] = a[i++];
    while (j < n) tmp[k++] = a[j++];
    memcpy(a, tmp, (size_t)n * sizeof *a);
}

static void sort_strings(const char **s, int n) {
    const char **tmp = malloc((size_t)n * sizeof *tmp);
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi) tmp[k++] = strcmp(s[i], s[j]) <= 0 ? s[i++] : s[j++];
            while (i < mid) tmp[k++] = s[i++];
            while (j < hi) tmp[k++] = s[j++];
        }
        memcpy(s, tmp, (size_t)n * sizeof *s);
    }
    free(tmp);
}

int main(void) {
    int n = 25;
    int *a = malloc((size_t)n * sizeof *a), *tmp = malloc((size_t)n * sizeof *tmp);
    for (int i = 0; i < n; i++) a[i] = (i * 37 + 11) % 50 - 20;
    for (int i = 0; i < n; i++) printf("%d ", a[i]);
    printf("\n");
    merge_sort(a, tmp, n);
    for (int i = 0; i < n; i++) printf("%d ", a[i]);
    printf("\ninversions=%ld\n", inversions);
    inversions = 0;
    int rev[6] = {6, 5, 4, 3, 2, 1};
    merge_sort(rev, tmp, 6);
    printf("reversed inversions=%ld first=%d last=%d\n", inversions, rev[0], rev[5]);
    const char *names[] = {"kilo", "alpha", "juliet", "echo", "bravo", "india", "delta", "golf", "charlie", "foxtrot", "hotel"};
    sort_strings(names, 11);
    for (int i = 0; i < 11; i++) printf("%s\n", names[i]);
    free(a);
    free(tmp);
    return 47;
}
