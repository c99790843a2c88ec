#include <stdio.h>
#include <string.h>

static void sort_ptrs(const char **a, int n) {
    for (int i = 0; i < n - 1; i++) {
        int m = i;
        for (int j = i + 1; j < n; j++) if (strcmp(a[j], a[m]) < 0) m = j;
        if (m != i) { const char *t = a[i]; a[i] = a[m]; a[m] = t; }
    }
}

static void sort_by_len(const char **a, int n) {
    for (int i = 1; i < n; i++) {
        const char *k = a[i];
        int j = i - 1;
        while (j >= 0 && strlen(a[j]) > strlen(k)) { a[j + 1] = a[j]; j--; }
        a[j + 1] = k;
    }
}

int main(void) {
    const char *w[] = {"orange", "Apple", "banana", "apple", "kiwi", "Banana", "fig", "cherry", "date", "a"};
    int n = (int)(sizeof w / sizeof w[0]);
    sort_ptrs(w, n);
    for (int i = 0; i < n; i++) printf("%d %s\n", i, w[i]);
    sort_by_len(w, n);
    printf("by length:");
    for (int i = 0; i < n; i++) printf(" %s", w[i]);
    printf("\n");
    char names[5][8] = {"delta", "alpha", "echo", "bravo", "charlie"};
    for (int i = 0; i < 5; i++)
        for (int j = 0; j + 1 < 5 - i; j++)
            if (strcmp(names[j], names[j + 1]) > 0) {
                char t[8];
                strcpy(t, names[j]);
                strcpy(names[j], names[j + 1]);
                strcpy(names[j + 1], t);
            }
    for (int i = 0; i < 5; i++) printf("names[%d]=%s\n", i, names[i]);
    const char **longest = &w[0];
    for (const char **p = w; p < w + n; p++) if (strlen(*p) > strlen(*longest)) longest = p;
    printf("longest=%s at %ld\n", *longest, (long)(longest - w));
    return 93;
}
