#include <stdio.h>

static void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
static void divmod(int n, int d, int *q, int *r) { *q = n / d; *r = n % d; }
static int *larger(int *a, int *b) { return *a >= *b ? a : b; }

int main(void) {
    int x = 5, y = 9;
    int *px = &x, *py = &y;
    printf("x=%d y=%d *px=%d *py=%d\n", x, y, *px, *py);
    swap(px, py);
    printf("after swap x=%d y=%d\n", x, y);
    *px += 10;
    printf("x=%d\n", x);
    (*py)++;
    printf("y=%d\n", y);
    int q, r;
    divmod(47, 5, &q, &r);
    printf("47/5 q=%d r=%d\n", q, r);
    divmod(-47, 5, &q, &r);
    printf("-47/5 q=%d r=%d\n", q, r);
    int *m = larger(&x, &y);
    *m = 0;
    printf("x=%d y=%d\n", x, y);
    px = py;
    *px = 77;
    printf("y=%d same=%d\n", y, px == py);
    double dv = 1.25;
    double *pd = &dv;
    *pd *= 4;
    printf("dv=%f\n", dv);
    char ch = 'a';
    char *pc = &ch;
    *pc = (char)(*pc + 1);
    printf("ch=%c\n", ch);
    int vals[3] = {3, 1, 2};
    swap(&vals[0], &vals[2]);
    printf("vals=%d %d %d\n", vals[0], vals[1], vals[2]);
    int **pp = &px;
    **pp = 1;
    printf("y=%d\n", y);
    return 73;
}
