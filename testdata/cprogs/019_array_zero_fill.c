#include <stdio.h>

struct pt { int x, y, z; };
int gz[6];
int gpart[6] = {9, 8};

int main(void) {
    int a[8] = {1, 2, 3};
    for (int i = 0; i < 8; i++) printf("a[%d]=%d\n", i, a[i]);
    int z[5] = {0};
    int s = 0;
    for (int i = 0; i < 5; i++) s += z[i];
    printf("zero sum=%d\n", s);
    char str[10] = "hi";
    for (int i = 0; i < 10; i++) printf("%d ", str[i]);
    printf("\n");
    struct pt pts[4] = {{1, 2, 3}, {4}};
    for (int i = 0; i < 4; i++) printf("pt%d=(%d,%d,%d)\n", i, pts[i].x, pts[i].y, pts[i].z);
    double d[4] = {0.5};
    printf("d=%g %g %g %g\n", d[0], d[1], d[2], d[3]);
    int m[3][4] = {{1}, {2, 3}};
    for (int i = 0; i < 3; i++)
        printf("m[%d]=%d %d %d %d\n", i, m[i][0], m[i][1], m[i][2], m[i][3]);
    int flat[2][3] = {1, 2, 3, 4};
    printf("flat: %d %d %d %d %d %d\n", flat[0][0], flat[0][1], flat[0][2], flat[1][0], flat[1][1], flat[1][2]);
    int gs = 0;
    for (int i = 0; i < 6; i++) gs += gz[i] + gpart[i];
    printf("globals sum=%d gpart[5]=%d\n", gs, gpart[5]);
    int implicit[] = {5, 6, 7};
    printf("implicit size=%zu\n", sizeof implicit / sizeof implicit[0]);
    return 37;
}
