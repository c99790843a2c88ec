#include <stdio.h>
#include <string.h>
#include <stdlib.h>

typedef int (*cmp_fn)(const void *, const void *);

static void isort(void *base, size_t n, size_t sz, cmp_fn cmp) {
    unsigned char *b = base;
    void *tmp = malloc(sz); /* allocated, so it takes the effective type of what is copied in */
    for (size_t i = 1; i < n; i++) {
        memcpy(tmp, b + i * sz, sz);
        size_t j = i;
        while (j > 0 && cmp(b + (j - 1) * sz, tmp) > 0) { memcpy(b + j * sz, b + (j - 1) * sz, sz); j--; }
        memcpy(b + j * sz, tmp, sz);
    }
    free(tmp);
}

static int cmp_int(const void *a, const void *b) { int x = *(const int *)a, y = *(const int *)b; return (x > y) - (x < y); }
static int cmp_int_desc(const void *a, const void *b) { return cmp_int(b, a); }
static int cmp_abs(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    x = x < 0 ? -x : x; y = y < 0 ? -y : y;
    return (x > y) - (x < y);
}
static int cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

struct pt { int x, y; };
static int cmp_pt(const void *a, const void *b) {
    const struct pt *p = a, *q = b;
    int da = p->x * p->x + p->y * p->y, db = q->x * q->x + q->y * q->y;
    return da != db ? (da > db) - (da < db) : p->x - q->x;
}

static void show(const char *t, const int *a, int n) {
    printf("%-6s", t);
    for (int i = 0; i < n; i++) printf(" %d", a[i]);
    printf("\n");
}

int main(void) {
    int a[] = {5, -3, 8, 0, -9, 2, 7, -1};
    cmp_fn fns[] = {cmp_int, cmp_int_desc, cmp_abs};
    const char *names[] = {"asc", "desc", "abs"};
    for (int k = 0; k < 3; k++) { isort(a, 8, sizeof a[0], fns[k]); show(names[k], a, 8); }
    const char *w[] = {"pear", "fig", "apple", "kiwi", "banana"};
    isort(w, 5, sizeof w[0], cmp_str);
    for (int i = 0; i < 5; i++) printf("w[%d]=%s\n", i, w[i]);
    struct pt pts[] = {{3, 4}, {-1, 1}, {0, 5}, {1, -1}, {2, 2}, {-5, 0}};
    isort(pts, 6, sizeof pts[0], cmp_pt);
    for (int i = 0; i < 6; i++) printf("pt (%d,%d)\n", pts[i].x, pts[i].y);
    return 76;
}
