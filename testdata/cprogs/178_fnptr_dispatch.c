#include <stdio.h>
#include <string.h>

typedef struct { int stack[16]; int sp; } machine;
typedef void (*handler)(machine *);

static void op_push1(machine *m) { m->stack[m->sp++] = 1; }
static void op_dup(machine *m) { m->stack[m->sp] = m->stack[m->sp - 1]; m->sp++; }
static void op_add(machine *m) { m->sp--; m->stack[m->sp - 1] += m->stack[m->sp]; }
static void op_mul(machine *m) { m->sp--; m->stack[m->sp - 1] *= m->stack[m->sp]; }
static void op_neg(machine *m) { m->stack[m->sp - 1] = -m->stack[m->sp - 1]; }
static void op_print(machine *m) { printf("  top=%d depth=%d\n", m->stack[m->sp - 1], m->sp); }

static const struct { char code; handler fn; } table[] = {
    {'1', op_push1}, {'d', op_dup}, {'+', op_add}, {'*', op_mul}, {'n', op_neg}, {'p', op_print},
};

static handler lookup(char c) {
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].code == c) return table[i].fn;
    return 0;
}

static int run(const char *prog) {
    machine m;
    memset(&m, 0, sizeof m);
    for (const char *p = prog; *p; p++) {
        handler h = lookup(*p);
        if (!h) { printf("  unknown '%c'\n", *p); continue; }
        h(&m);
    }
    return m.sp ? m.stack[m.sp - 1] : 0;
}

int main(void) {
    const char *progs[] = {"11+p", "11+d*p", "11+d+d*dp*p", "1n1n+p", "1x1+p", "1d+d+d+d+p"};
    for (int i = 0; i < 6; i++) {
        printf("prog %s\n", progs[i]);
        printf("  result=%d\n", run(progs[i]));
    }
    return 74;
}
