#include <stdio.h>

#define X 3
#define Y 4
#define Z 5

static int vol[X][Y][Z];

static long sum_plane(int (*p)[Z]) {
    long s = 0;
    for (int y = 0; y < Y; y++) for (int z = 0; z < Z; z++) s += p[y][z];
    return s;
}

int main(void) {
    for (int x = 0; x < X; x++)
        for (int y = 0; y < Y; y++)
            for (int z = 0; z < Z; z++) vol[x][y][z] = x * 100 + y * 10 + z;
    printf("sizeof vol=%zu plane=%zu row=%zu\n", sizeof vol, sizeof vol[0], sizeof vol[0][0]);
    for (int x = 0; x < X; x++) printf("plane %d sum=%ld\n", x, sum_plane(vol[x]));
    int *flat = &vol[0][0][0];
    for (int i = 0; i < X * Y * Z; i += 13) {
        int x = i / (Y * Z), y = i / Z % Y, z = i % Z;
        printf("flat[%2d]=%3d == vol[%d][%d][%d]=%3d\n", i, flat[i], x, y, z, vol[x][y][z]);
    }
    int (*pl)[Y][Z] = vol;
    pl++;
    printf("pl[0][2][3]=%d pl[1][0][0]=%d\n", pl[0][2][3], pl[1][0][0]);
    char cube[2][3][4] = {{"abc", "def", "ghi"}, {"jkl", "mno", "pqr"}};
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 3; b++) printf("%s%c", cube[a][b], b == 2 ? '\n' : ' ');
    double w[2][2][2] = {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8.5}}};
    double tot = 0;
    for (int a = 0; a < 2; a++) for (int b = 0; b < 2; b++) for (int c = 0; c < 2; c++) tot += w[a][b][c] * (a + 1);
    printf("weighted=%.2f\n", tot);
    long diag = 0;
    for (int i = 0; i < X && i < Y && i < Z; i++) diag += vol[i][i][i];
    printf("diag=%ld\n", diag);
    return 12;
}
