#include <stdio.h>
#include <string.h>

struct buf { int len; char data[16]; double w; };

int main(void) {
    struct buf a;
    memset(&a, 0, sizeof a);
    a.len = 5;
    strcpy(a.data, "hello");
    a.w = 2.5;
    struct buf b = a;
    b.data[0] = 'j';
    b.len++;
    b.w *= 2;
    printf("a: %d %s %.2f\n", a.len, a.data, a.w);
    printf("b: %d %s %.2f\n", b.len, b.data, b.w);
    struct buf c;
    c = b;
    c.data[4] = '!';
    printf("c: %d %s %.2f\n", c.len, c.data, c.w);
    printf("b after: %s\n", b.data);
    struct buf arr[3];
    arr[0] = a; arr[1] = b; arr[2] = c;
    arr[1] = arr[2];
    for (int i = 0; i < 3; i++) printf("arr[%d]=%s %d\n", i, arr[i].data, arr[i].len);
    struct buf *p = &arr[0], *q = &arr[2];
    *p = *q;
    printf("after *p=*q: %s\n", arr[0].data);
    printf("data equal=%d len equal=%d\n", memcmp(arr[0].data, arr[2].data, sizeof arr[0].data) == 0, arr[0].len == arr[2].len);
    struct { int x; int y[3]; } s1 = {1, {2, 3, 4}}, s2;
    s2 = s1;
    s1.y[1] = 99;
    printf("s1.y[1]=%d s2.y[1]=%d\n", s1.y[1], s2.y[1]);
    struct buf d = (a.len > 3) ? b : c;
    printf("d=%s\n", d.data);
    return 47;
}
