#include <stdio.h>

struct pt { int x, y; };
struct seg { struct pt a, b; };

static int manhattan(struct pt p, struct pt q) {
    int dx = p.x - q.x, dy = p.y - q.y;
    return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

static int sum(const int *a, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    return s;
}

static struct pt mid(struct seg s) { return (struct pt){(s.a.x + s.b.x) / 2, (s.a.y + s.b.y) / 2}; }

int main(void) {
    printf("dist=%d\n", manhattan((struct pt){1, 2}, (struct pt){-3, 7}));
    printf("sum=%d\n", sum((int[]){1, 2, 3, 4, 5}, 5));
    printf("sum2=%d\n", sum((int[8]){[7] = 8, [0] = 1}, 8));
    struct pt *pp = &(struct pt){10, 20};
    pp->x += 5;
    printf("pp=%d,%d\n", pp->x, pp->y);
    int *arr = (int[]){9, 8, 7};
    arr[1] = 80;
    printf("arr=%d %d %d\n", arr[0], arr[1], arr[2]);
    struct pt m = mid((struct seg){{0, 0}, {10, -6}});
    printf("mid=%d,%d\n", m.x, m.y);
    struct pt p;
    p = (struct pt){.y = 3};
    printf("p=%d,%d\n", p.x, p.y);
    for (int i = 0; i < 3; i++) {
        struct pt q = (struct pt){i, i * i};
        printf("q%d=%d,%d d=%d\n", i, q.x, q.y, manhattan(q, (struct pt){0}));
    }
    const char *s = (const char[]){'h', 'i', '\0'};
    printf("s=%s\n", s);
    double avg = (double)sum((int[]){3, 4, 5}, 3) / 3;
    printf("avg=%.2f\n", avg);
    printf("size=%zu\n", sizeof((int[]){1, 2, 3, 4}));
    return 9;
}
