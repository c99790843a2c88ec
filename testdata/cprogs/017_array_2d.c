#include <stdio.h>

#define R 4
#define C 5

int main(void) {
    int m[R][C];
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            m[i][j] = i * 10 + j;
    for (int i = 0; i < R; i++) {
        for (int j = 0; j < C; j++)
            printf("%3d", m[i][j]);
        printf("\n");
    }
    int rows[R] = {0}, cols[C] = {0};
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            rows[i] += m[i][j];
            cols[j] += m[i][j];
        }
    for (int i = 0; i < R; i++) printf("row%d=%d\n", i, rows[i]);
    for (int j = 0; j < C; j++) printf("col%d=%d\n", j, cols[j]);
    printf("sizeof m=%zu m[0]=%zu m[0][0]=%zu\n", sizeof m, sizeof m[0], sizeof m[0][0]);
    int t[C][R];
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            t[j][i] = m[i][j];
    printf("t[4][3]=%d t[2][1]=%d\n", t[4][3], t[2][1]);
    int init[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    int trace = 0, anti = 0;
    for (int i = 0; i < 3; i++) {
        trace += init[i][i];
        anti += init[i][2 - i];
    }
    printf("trace=%d anti=%d\n", trace, anti);
    char grid[3][4] = {"abc", "def", "ghi"};
    for (int i = 0; i < 3; i++) printf("%s|", grid[i]);
    printf("\n");
    int cube[2][3][4];
    int v = 0;
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 3; b++)
            for (int c = 0; c < 4; c++)
                cube[a][b][c] = v++;
    printf("cube[1][2][3]=%d cube[1][0][2]=%d\n", cube[1][2][3], cube[1][0][2]);
    int *flat = &m[0][0];
    printf("flat[13]=%d\n", flat[13]);
    return 29;
}
