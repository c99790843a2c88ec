#include <stdio.h>
#include <string.h>

enum vtype { V_INT, V_DBL, V_STR, V_PAIR };
struct value {
    enum vtype type;
    union {
        long i;
        double d;
        char s[12];
        struct { short a, b; } pair;
    } u;
};

static struct value mk_int(long i) { struct value v; v.type = V_INT; v.u.i = i; return v; }
static struct value mk_dbl(double d) { struct value v; v.type = V_DBL; v.u.d = d; return v; }
static struct value mk_str(const char *s) { struct value v; v.type = V_STR; strncpy(v.u.s, s, 11); v.u.s[11] = 0; return v; }
static struct value mk_pair(short a, short b) { struct value v; v.type = V_PAIR; v.u.pair.a = a; v.u.pair.b = b; return v; }

static void print(const struct value *v) {
    switch (v->type) {
    case V_INT: printf("int %ld\n", v->u.i); break;
    case V_DBL: printf("double %.3f\n", v->u.d); break;
    case V_STR: printf("str \"%s\" len=%zu\n", v->u.s, strlen(v->u.s)); break;
    case V_PAIR: printf("pair (%d,%d)\n", v->u.pair.a, v->u.pair.b); break;
    }
}

static double as_number(const struct value *v) {
    switch (v->type) {
    case V_INT: return (double)v->u.i;
    case V_DBL: return v->u.d;
    case V_STR: return (double)strlen(v->u.s);
    default: return v->u.pair.a + v->u.pair.b;
    }
}

int main(void) {
    struct value vals[] = {mk_int(-42), mk_dbl(2.5), mk_str("hello union"), mk_pair(3, -7),
                           mk_int(100000), mk_str("truncated string here"), mk_dbl(-0.125)};
    int n = (int)(sizeof vals / sizeof vals[0]);
    double total = 0;
    for (int i = 0; i < n; i++) {
        printf("[%d] ", i);
        print(&vals[i]);
        total += as_number(&vals[i]);
    }
    printf("total=%.3f\n", total);
    printf("sizeof value=%s\n", sizeof(struct value) >= 16 ? ">=16" : "<16");
    struct value c = vals[3];
    c.u.pair.b = 99;
    print(&c);
    print(&vals[3]);
    int counts[4] = {0};
    for (int i = 0; i < n; i++) counts[vals[i].type]++;
    printf("counts %d %d %d %d\n", counts[0], counts[1], counts[2], counts[3]);
    return 89;
}
