#include <stdio.h>

struct ctx { int count_a, count_b, errors; };
typedef struct state state;
typedef const state *(*transition)(struct ctx *, char);
struct state { const char *name; transition next; };

static const state S_IDLE, S_A, S_B, S_ERR;

static const state *idle_next(struct ctx *c, char ch) {
    if (ch == 'a') { c->count_a++; return &S_A; }
    if (ch == 'b') { c->count_b++; return &S_B; }
    return &S_IDLE;
}
static const state *a_next(struct ctx *c, char ch) {
    if (ch == 'a') { c->count_a++; return &S_A; }
    if (ch == 'b') { c->count_b++; return &S_B; }
    if (ch == '.') return &S_IDLE;
    c->errors++;
    return &S_ERR;
}
static const state *b_next(struct ctx *c, char ch) {
    if (ch == 'b') { c->count_b++; return &S_B; }
    if (ch == '.') return &S_IDLE;
    c->errors++;
    return &S_ERR;
}
static const state *err_next(struct ctx *c, char ch) { (void)c; return ch == '.' ? &S_IDLE : &S_ERR; }

static const state S_IDLE = {"idle", idle_next}, S_A = {"A", a_next}, S_B = {"B", b_next}, S_ERR = {"err", err_next};

int main(void) {
    const char *inputs[] = {"aab.", "abba.", "ab.ba", "x.aaa", "bbbb", "a?b.ab"};
    for (int i = 0; i < 6; i++) {
        struct ctx c = {0, 0, 0};
        const state *s = &S_IDLE;
        printf("%-7s:", inputs[i]);
        for (const char *p = inputs[i]; *p; p++) {
            s = s->next(&c, *p);
            printf(" %s", s->name);
        }
        printf("\n        a=%d b=%d err=%d final=%s\n", c.count_a, c.count_b, c.errors, s->name);
    }
    return 82;
}
