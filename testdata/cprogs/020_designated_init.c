#include <stdio.h>

enum { IDX_A = 2, IDX_B = 6 };
struct cfg { int w, h; const char *title; double scale; int flags[3]; };

int main(void) {
    int a[10] = {[3] = 5, [7] = 9, [1] = 1};
    for (int i = 0; i < 10; i++) printf("%d ", a[i]);
    printf("\n");
    int b[] = {[4] = 40, 41, 42, [1] = 10};
    printf("sizeof b=%zu\n", sizeof b / sizeof b[0]);
    for (unsigned i = 0; i < sizeof b / sizeof b[0]; i++) printf("b[%u]=%d\n", i, b[i]);
    const char *names[8] = {[IDX_A] = "two", [IDX_B] = "six", [0] = "zero"};
    for (int i = 0; i < 8; i++) printf("%d:%s ", i, names[i] ? names[i] : "(null)");
    printf("\n");
    struct cfg c = {.title = "main", .h = 480, .w = 640, .flags = {[2] = 7}};
    printf("cfg %dx%d %s %.2f flags=%d,%d,%d\n", c.w, c.h, c.title, c.scale,
           c.flags[0], c.flags[1], c.flags[2]);
    struct cfg d = {.scale = 1.25, .flags[1] = 3};
    printf("d %d %d %s %.2f %d\n", d.w, d.h, d.title ? d.title : "none", d.scale, d.flags[1]);
    int m[3][3] = {[1][1] = 5, [2] = {7, 8}, [0][2] = 3};
    for (int i = 0; i < 3; i++)
        printf("%d %d %d\n", m[i][0], m[i][1], m[i][2]);
    int over[4] = {[0] = 1, [0] = 2};
    printf("override=%d\n", over[0]);
    return 41;
}
