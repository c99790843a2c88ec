#include <stdio.h>

struct opts { int verbose; int level; const char *name; double ratio; char mode; };
struct pair { int k, v; };
struct table { int count; struct pair items[4]; };

static void show(const char *tag, struct opts o) {
    printf("%s: v=%d l=%d n=%s r=%.2f m=%c\n", tag, o.verbose, o.level,
           o.name ? o.name : "-", o.ratio, o.mode ? o.mode : '_');
}

int main(void) {
    struct opts a = {.level = 3, .name = "alpha"};
    struct opts b = {.mode = 'x', .ratio = 0.75, .verbose = 1};
    struct opts c = {1, 2, "gamma", 1.5, 'g'};
    struct opts d = {.name = "delta", 9, 0.5};
    show("a", a);
    show("b", b);
    show("c", c);
    show("d", d);
    struct table t = {.count = 2, .items = {[1] = {.v = 20, .k = 2}, [0] = {1, 10}}};
    for (int i = 0; i < 4; i++) printf("item%d k=%d v=%d\n", i, t.items[i].k, t.items[i].v);
    printf("count=%d\n", t.count);
    struct pair ps[] = {[2].k = 5, [0].v = 7};
    printf("ps n=%zu: (%d,%d) (%d,%d) (%d,%d)\n", sizeof ps / sizeof ps[0],
           ps[0].k, ps[0].v, ps[1].k, ps[1].v, ps[2].k, ps[2].v);
    a = (struct opts){.verbose = 2, .mode = 'q'};
    show("a2", a);
    return 59;
}
