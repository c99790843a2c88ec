#include <stdio.h>
#include <stddef.h>

typedef unsigned char byte;
typedef int int_array5[5];
typedef struct node node_t;
struct node { int v; node_t *next; };
typedef const char *cstr;
typedef enum { SMALL, MEDIUM, LARGE } size_cat;
typedef struct { byte r, g, b; } rgb;
typedef rgb palette[3];
typedef int (*row3)[3];
typedef unsigned long long u64;

static size_cat categorize(int n) { return n < 10 ? SMALL : n < 100 ? MEDIUM : LARGE; }
static u64 sum_rows(row3 m, int rows) {
    u64 s = 0;
    for (int i = 0; i < rows; i++) for (int j = 0; j < 3; j++) s += (u64)m[i][j];
    return s;
}

int main(void) {
    byte b = 250;
    b += 10;
    printf("byte=%u sizeof=%zu\n", b, sizeof(byte));
    int_array5 a = {1, 2, 3, 4, 5};
    printf("int_array5 size=%zu a[4]=%d\n", sizeof(int_array5), a[4]);
    node_t n2 = {2, NULL}, n1 = {1, &n2};
    printf("list %d -> %d\n", n1.v, n1.next->v);
    cstr names[] = {"small", "medium", "large"};
    int tests[] = {5, 50, 500};
    for (int i = 0; i < 3; i++) printf("%d is %s\n", tests[i], names[categorize(tests[i])]);
    palette pal = {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}};
    for (int i = 0; i < 3; i++) printf("pal[%d]=%u,%u,%u\n", i, pal[i].r, pal[i].g, pal[i].b);
    int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
    printf("sum=%llu\n", sum_rows(m, 2));
    typedef int local_t;
    local_t lt = 77;
    printf("local typedef=%d\n", lt);
    u64 big = (u64)1 << 40;
    printf("big=%llu\n", big);
    rgb c = pal[1];
    c.r = (byte)(c.g / 2);
    printf("c=%u,%u,%u\n", c.r, c.g, c.b);
    return 11;
}
