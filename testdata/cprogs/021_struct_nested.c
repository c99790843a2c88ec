#include <stdio.h>

struct point { int x, y; };
struct rect { struct point tl, br; };
struct shape { int id; struct rect box; struct { unsigned char r, g, b; } color; };

static int area(struct rect r) { return (r.br.x - r.tl.x) * (r.br.y - r.tl.y); }

int main(void) {
    struct shape s = {1, {{0, 0}, {10, 5}}, {255, 128, 0}};
    printf("id=%d tl=(%d,%d) br=(%d,%d)\n", s.id, s.box.tl.x, s.box.tl.y, s.box.br.x, s.box.br.y);
    printf("color=%u,%u,%u\n", s.color.r, s.color.g, s.color.b);
    printf("area=%d\n", area(s.box));
    s.box.tl.x += 2;
    s.box.br.y *= 3;
    printf("area2=%d\n", area(s.box));
    struct shape arr[3];
    for (int i = 0; i < 3; i++) {
        arr[i] = s;
        arr[i].id = 10 + i;
        arr[i].box.br.x += i * 4;
        arr[i].color.g = (unsigned char)(arr[i].color.g + i * 100);
    }
    for (int i = 0; i < 3; i++)
        printf("arr[%d] id=%d area=%d g=%u\n", i, arr[i].id, area(arr[i].box), arr[i].color.g);
    struct rect *rp = &arr[1].box;
    rp->tl.y = -1;
    struct point *pp = &rp->br;
    pp->x = 100;
    printf("arr[1] tl.y=%d br.x=%d area=%d\n", arr[1].box.tl.y, arr[1].box.br.x, area(arr[1].box));
    struct point c = {(s.box.tl.x + s.box.br.x) / 2, (s.box.tl.y + s.box.br.y) / 2};
    printf("center=(%d,%d)\n", c.x, c.y);
    printf("sizeof point=%zu rect=%zu\n", sizeof(struct point), sizeof(struct rect));
    return 43;
}
