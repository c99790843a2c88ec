#include <stdio.h>

static int comparisons = 0;

static void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }

static int partition(int *a, int lo, int hi) {
    int pivot = a[hi], i = lo;
    for (int j = lo; j < hi; j++) {
        comparisons++;
        if (a[j] < pivot) swap(&a[i++], &a[j]);
    }
    swap(&a[i], &a[hi]);
    return i;
}

static void quicksort(int *a, int lo, int hi) {
    if (lo >= hi) return;
    int p = partition(a, lo, hi);
    quicksort(a, lo, p - 1);
    quicksort(a, p + 1, hi);
}

static int kth_smallest(int *a, int n, int k) {
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int p = partition(a, lo, hi);
        if (p == k) return a[p];
        if (p < k) lo = p + 1; else hi = p - 1;
    }
    return a[lo];
}

int main(void) {
    unsigned seed = 12345;
    int a[30];
    for (int i = 0; i < 30; i++) {
        seed = seed * 1103515245u + 12345u;
        a[i] = (int)((seed >> 16) % 1000) - 500;
    }
    printf("input:");
    for (int i = 0; i < 30; i++) printf(" %d", a[i]);
    printf("\n");
    int b[30];
    for (int i = 0; i < 30; i++) b[i] = a[i];
    quicksort(a, 0, 29);
    printf("sorted:");
    for (int i = 0; i < 30; i++) printf(" %d", a[i]);
    printf("\ncomparisons=%d\n", comparisons);
    for (int k = 0; k < 30; k += 5) {
        int c[30];
        for (int i = 0; i < 30; i++) c[i] = b[i];
        printf("kth(%d)=%d expect %d\n", k, kth_smallest(c, 30, k), a[k]);
    }
    int dup[10] = {3, 3, 3, 1, 1, 2, 2, 2, 2, 0};
    quicksort(dup, 0, 9);
    for (int i = 0; i < 10; i++) printf("%d", dup[i]);
    printf("\n");
    return 45;
}
