#include <stdio.h>
#include <string.h>

static void show(const char *tag, const int *a, int n) {
    printf("%-12s", tag);
    for (int i = 0; i < n; i++) printf("%3d", a[i]);
    printf("\n");
}

static void insert_at(int *a, int *n, int pos, int v) {
    memmove(a + pos + 1, a + pos, (size_t)(*n - pos) * sizeof *a);
    a[pos] = v;
    (*n)++;
}

static void erase_at(int *a, int *n, int pos) {
    memmove(a + pos, a + pos + 1, (size_t)(*n - pos - 1) * sizeof *a);
    (*n)--;
}

int main(void) {
    int a[16];
    int n = 8;
    for (int i = 0; i < n; i++) a[i] = (i + 1) * 10;
    show("start", a, n);
    insert_at(a, &n, 0, 5);
    show("ins front", a, n);
    insert_at(a, &n, 4, 35);
    show("ins mid", a, n);
    insert_at(a, &n, n, 99);
    show("ins end", a, n);
    erase_at(a, &n, 0);
    show("erase 0", a, n);
    erase_at(a, &n, 5);
    show("erase 5", a, n);
    memmove(a + 1, a, 5 * sizeof *a);
    show("shift right", a, n);
    memmove(a, a + 3, 6 * sizeof *a);
    show("shift left", a, n);
    char s[32] = "abcdefghij";
    memmove(s + 3, s, 7);
    s[10] = 0;
    printf("char right: %s\n", s);
    strcpy(s, "abcdefghij");
    memmove(s, s + 4, 7);
    printf("char left: %s\n", s);
    strcpy(s, "rotate-me");
    char first = s[0];
    size_t l = strlen(s);
    memmove(s, s + 1, l - 1);
    s[l - 1] = first;
    printf("rotated: %s\n", s);
    memmove(s, s, l);
    printf("self move: %s\n", s);
    return 95;
}
