#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int *data; size_t len, cap; } vec;

static void vec_push(vec *v, int x) {
    if (v->len == v->cap) {
        size_t nc = v->cap ? v->cap * 2 : 2;
        int *nd = malloc(nc * sizeof *nd);
        if (v->len) memcpy(nd, v->data, v->len * sizeof *nd);
        free(v->data);
        v->data = nd;
        v->cap = nc;
        printf("grow to %zu\n", nc);
    }
    v->data[v->len++] = x;
}

static int vec_pop(vec *v) { return v->data[--v->len]; }

int main(void) {
    vec v = {NULL, 0, 0};
    for (int i = 0; i < 20; i++) vec_push(&v, i * i - 10);
    printf("len=%zu cap=%zu\n", v.len, v.cap);
    long s = 0;
    for (size_t i = 0; i < v.len; i++) s += v.data[i];
    printf("sum=%ld\n", s);
    for (int i = 0; i < 5; i++) printf("pop=%d\n", vec_pop(&v));
    printf("len=%zu last=%d\n", v.len, v.data[v.len - 1]);
    int *z = calloc(10, sizeof *z);
    int zs = 0;
    for (int i = 0; i < 10; i++) zs += z[i];
    printf("calloc sum=%d\n", zs);
    memcpy(z, v.data + 5, 10 * sizeof *z);
    for (int i = 0; i < 10; i++) printf("%d ", z[i]);
    printf("\n");
    double *dm = malloc(4 * sizeof(double));
    for (int i = 0; i < 4; i++) dm[i] = 1.0 / (i + 1);
    printf("dm=%.4f %.4f %.4f %.4f\n", dm[0], dm[1], dm[2], dm[3]);
    char *str = malloc(27);
    for (int i = 0; i < 26; i++) str[i] = (char)('A' + i);
    str[26] = '\0';
    printf("%s\n", str);
    free(str);
    free(dm);
    free(z);
    free(v.data);
    return 84;
}
