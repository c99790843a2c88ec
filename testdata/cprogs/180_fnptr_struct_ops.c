#include <stdio.h>
#include <stddef.h>

struct shape;
struct shape_ops {
    const char *name;
    long (*area)(const struct shape *);
    long (*perimeter)(const struct shape *);
    void (*scale)(struct shape *, int);
};
struct shape { const struct shape_ops *ops; int a, b; };

static long rect_area(const struct shape *s) { return (long)s->a * s->b; }
static long rect_perim(const struct shape *s) { return 2L * (s->a + s->b); }
static void rect_scale(struct shape *s, int k) { s->a *= k; s->b *= k; }
static long sq_area(const struct shape *s) { return (long)s->a * s->a; }
static long sq_perim(const struct shape *s) { return 4L * s->a; }
static void sq_scale(struct shape *s, int k) { s->a *= k; }
static long tri_area(const struct shape *s) { return (long)s->a * s->b / 2; }

static const struct shape_ops RECT = {"rect", rect_area, rect_perim, rect_scale};
static const struct shape_ops SQUARE = {"square", sq_area, sq_perim, sq_scale};
static const struct shape_ops TRI = {"tri", tri_area, NULL, rect_scale};

static void report(const struct shape *s) {
    printf("%-6s a=%d b=%d area=%ld", s->ops->name, s->a, s->b, s->ops->area(s));
    if (s->ops->perimeter) printf(" perim=%ld", s->ops->perimeter(s));
    printf("\n");
}

int main(void) {
    struct shape shapes[] = {{&RECT, 3, 4}, {&SQUARE, 5, 0}, {&TRI, 6, 8}, {&RECT, 10, 1}};
    int n = (int)(sizeof shapes / sizeof shapes[0]);
    for (int i = 0; i < n; i++) report(&shapes[i]);
    for (int i = 0; i < n; i++) shapes[i].ops->scale(&shapes[i], i + 2);
    long total = 0;
    for (int i = 0; i < n; i++) { report(&shapes[i]); total += shapes[i].ops->area(&shapes[i]); }
    printf("total area=%ld\n", total);
    shapes[3].ops = &SQUARE;
    report(&shapes[3]);
    long (*getter)(const struct shape *) = shapes[0].ops->area;
    printf("getter=%ld same=%d\n", getter(&shapes[0]), getter == rect_area);
    return 78;
}
