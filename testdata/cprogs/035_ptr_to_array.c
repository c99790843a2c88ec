#include <stdio.h>

static int sum3(int (*p)[3]) { return (*p)[0] + (*p)[1] + (*p)[2]; }
static void scale_rows(int (*m)[3], int rows, int k) {
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < 3; j++) m[i][j] *= k + i;
}

int main(void) {
    int a[3] = {4, 5, 6};
    int (*pa)[3] = &a;
    printf("(*pa)[1]=%d sum=%d\n", (*pa)[1], sum3(pa));
    printf("sizeof *pa=%zu\n", sizeof *pa);
    int m[4][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}};
    int (*row)[3] = m;
    for (int i = 0; i < 4; i++) printf("row %d sum=%d\n", i, sum3(row + i));
    row++;
    printf("row[0][2]=%d (*row)[0]=%d\n", row[0][2], (*row)[0]);
    printf("row[1][1]=%d\n", row[1][1]);
    scale_rows(m, 4, 2);
    for (int i = 0; i < 4; i++) printf("%d %d %d\n", m[i][0], m[i][1], m[i][2]);
    int (*end)[3] = m + 4;
    printf("rows=%ld\n", (long)(end - m));
    char names[3][6] = {"red", "green", "blue"};
    char (*np)[6] = names;
    for (int i = 0; i < 3; i++) printf("%s:%c ", np[i], (*(np + i))[0]);
    printf("\n");
    int cube[2][2][2] = {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}};
    int (*plane)[2][2] = cube;
    printf("plane[1][0][1]=%d sizeof=%zu\n", plane[1][0][1], sizeof plane[0]);
    int *elem = &(*pa)[2];
    printf("*elem=%d\n", *elem);
    return 8;
}
