#include <stdio.h>
#include <stdbool.h>

#define CAP 5
typedef struct { int buf[CAP]; unsigned head, tail, count; } ring;

static bool rpush(ring *r, int v) {
    if (r->count == CAP) return false;
    r->buf[r->tail] = v;
    r->tail = (r->tail + 1) % CAP;
    r->count++;
    return true;
}

static bool rpop(ring *r, int *out) {
    if (r->count == 0) return false;
    *out = r->buf[r->head];
    r->head = (r->head + 1) % CAP;
    r->count--;
    return true;
}

static void dump(const ring *r) {
    printf("[");
    for (unsigned i = 0; i < r->count; i++) printf("%s%d", i ? " " : "", r->buf[(r->head + i) % CAP]);
    printf("] head=%u tail=%u\n", r->head, r->tail);
}

int main(void) {
    ring r = {{0}, 0, 0, 0};
    for (int i = 1; i <= 7; i++) {
        bool ok = rpush(&r, i * 11);
        printf("push %d -> %s\n", i * 11, ok ? "ok" : "full");
    }
    dump(&r);
    int v;
    for (int i = 0; i < 3; i++) if (rpop(&r, &v)) printf("pop %d\n", v);
    dump(&r);
    for (int i = 0; i < 3; i++) rpush(&r, -i);
    dump(&r);
    long sum = 0;
    while (rpop(&r, &v)) sum += v;
    printf("drained sum=%ld\n", sum);
    printf("pop empty=%d\n", rpop(&r, &v));
    dump(&r);
    return 35;
}
