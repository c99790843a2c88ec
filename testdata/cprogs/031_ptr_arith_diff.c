#include <stdio.h>
#include <stddef.h>

struct item { int k; double v; };

int main(void) {
    double d[8];
    for (int i = 0; i < 8; i++) d[i] = i * 1.5;
    double *p = d + 2, *q = d + 7;
    printf("q-p=%ld p-q=%ld\n", (long)(q - p), (long)(p - q));
    printf("*p=%.1f *q=%.1f\n", *p, *q);
    printf("bytes apart=%ld\n", (long)((char *)q - (char *)p));
    struct item items[5];
    for (int i = 0; i < 5; i++) { items[i].k = i; items[i].v = i * i; }
    struct item *ip = &items[1], *iq = &items[4];
    printf("struct diff=%ld bytes=%ld\n", (long)(iq - ip), (long)((char *)iq - (char *)ip));
    ip += 2;
    printf("ip->k=%d ip->v=%.1f\n", ip->k, ip->v);
    short s[6] = {10, 20, 30, 40, 50, 60};
    short *sp = s;
    sp = sp + 5;
    ptrdiff_t back = sp - s;
    printf("back=%ld val=%d\n", (long)back, *sp);
    sp -= 3;
    printf("sp=%d\n", *sp);
    printf("ptr cmp: %d %d %d\n", sp < s + 5, sp >= s, sp == &s[2]);
    char str[] = "pointer arithmetic";
    char *b = str, *e = str;
    while (*e) e++;
    printf("len via diff=%ld\n", (long)(e - b));
    char *mid = b + (e - b) / 2;
    printf("mid char=%c rest=%s\n", *mid, mid);
    int m[3][4];
    int (*row)[4] = m;
    printf("row step bytes=%ld\n", (long)((char *)(row + 1) - (char *)row));
    int *last = &m[2][3], *first = &m[0][0];
    printf("2d diff=%ld\n", (long)(last - first));
    long long big[4];
    printf("ll step=%ld\n", (long)((char *)&big[3] - (char *)&big[0]));
    const int *cp = (const int *)0 == NULL ? NULL : first;
    printf("null? %d\n", cp == NULL);
    return 89;
}
