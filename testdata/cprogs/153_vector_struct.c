#include <stdio.h>

typedef struct { int x, y, z; } v3;

static v3 add(v3 a, v3 b) { return (v3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static v3 sub(v3 a, v3 b) { return (v3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static v3 scale(v3 a, int k) { return (v3){a.x * k, a.y * k, a.z * k}; }
static int dot(v3 a, v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static v3 cross(v3 a, v3 b) { return (v3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
static void show(const char *n, v3 v) { printf("%-10s (%d, %d, %d)\n", n, v.x, v.y, v.z); }

typedef struct { v3 pos, vel; int mass; } body;

static body step(body b, v3 acc) {
    b.vel = add(b.vel, acc);
    b.pos = add(b.pos, b.vel);
    return b;
}

int main(void) {
    v3 i = {1, 0, 0}, j = {0, 1, 0}, k = {0, 0, 1};
    v3 a = {3, -2, 5}, b = {-1, 4, 2};
    show("a+b", add(a, b));
    show("a-b", sub(a, b));
    show("3a", scale(a, 3));
    printf("a.b=%d\n", dot(a, b));
    show("axb", cross(a, b));
    show("ixj", cross(i, j));
    show("jxk", cross(j, k));
    printf("(axb).a=%d (axb).b=%d\n", dot(cross(a, b), a), dot(cross(a, b), b));
    show("chain", add(scale(sub(a, b), 2), cross(b, a)));
    body bd = {{0, 100, 0}, {5, 0, 0}, 2};
    v3 g = {0, -3, 0};
    for (int t = 1; t <= 5; t++) {
        bd = step(bd, g);
        printf("t=%d pos=(%d,%d,%d) vel=(%d,%d,%d)\n", t, bd.pos.x, bd.pos.y, bd.pos.z, bd.vel.x, bd.vel.y, bd.vel.z);
    }
    v3 arr[4] = {a, b, i, {7, 7, 7}};
    v3 sum = {0, 0, 0};
    for (int n = 0; n < 4; n++) sum = add(sum, arr[n]);
    show("sum", sum);
    printf("momentum=%d\n", bd.mass * dot(bd.vel, (v3){1, 1, 1}));
    return 36;
}
