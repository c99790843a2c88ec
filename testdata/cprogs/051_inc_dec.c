#include <stdio.h>

struct counter { int hits; unsigned char small; double level; };

int main(void) {
    int i = 5;
    int a = i++;
    printf("a=%d i=%d\n", a, i);
    int b = ++i;
    printf("b=%d i=%d\n", b, i);
    int c = i--;
    printf("c=%d i=%d\n", c, i);
    int d = --i;
    printf("d=%d i=%d\n", d, i);
    int arr[5] = {10, 20, 30, 40, 50};
    int k = 1;
    arr[k]++;
    ++arr[k + 1];
    arr[3]--;
    --arr[4];
    printf("arr=%d %d %d %d %d\n", arr[0], arr[1], arr[2], arr[3], arr[4]);
    int v = arr[k++];
    printf("v=%d k=%d\n", v, k);
    v = arr[--k];
    printf("v=%d k=%d\n", v, k);
    struct counter cnt = {0, 254, 1.5};
    cnt.hits++;
    ++cnt.hits;
    cnt.small++;
    cnt.small++;
    cnt.level++;
    printf("hits=%d small=%u level=%.1f\n", cnt.hits, cnt.small, cnt.level);
    struct counter *pc = &cnt;
    pc->hits--;
    --pc->level;
    int old = pc->hits++;
    printf("old=%d hits=%d level=%.1f\n", old, pc->hits, pc->level);
    double x = 0.5;
    x++;
    printf("x=%.2f\n", x);
    char ch = 'y';
    ch++;
    printf("ch=%c\n", ch);
    unsigned u = 0;
    u--;
    printf("u=%u\n", u);
    long long ll = -1;
    ll++;
    printf("ll=%lld\n", ll);
    int n = 0;
    for (int j = 0; j < 10; ++j) n += j++;
    printf("n=%d\n", n);
    return 36;
}
