#include <stdio.h>

#define R 8
#define C 12

static char img[R][C + 1] = {
    "............",
    ".####...###.",
    ".#..#...#.#.",
    ".####...###.",
    "......#.....",
    "..#####.....",
    "..#...#..##.",
    "..#####..##.",
};

static int fill(int r, int c, char from, char to) {
    if (r < 0 || r >= R || c < 0 || c >= C || img[r][c] != from) return 0;
    img[r][c] = to;
    int n = 1;
    n += fill(r + 1, c, from, to);
    n += fill(r - 1, c, from, to);
    n += fill(r, c + 1, from, to);
    n += fill(r, c - 1, from, to);
    return n;
}

int main(void) {
    int n = fill(0, 0, '.', ' ');
    printf("outside filled=%d\n", n);
    for (int r = 0; r < R; r++) printf("|%s|\n", img[r]);
    int regions = 0;
    char label = 'a';
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++)
            if (img[r][c] == '.') {
                int sz = fill(r, c, '.', label);
                printf("hole %c at (%d,%d) size=%d\n", label, r, c, sz);
                label++;
                regions++;
            }
    int shapes = 0;
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++)
            if (img[r][c] == '#') { int sz = fill(r, c, '#', '*'); printf("shape %d size=%d\n", shapes++, sz); }
    for (int r = 0; r < R; r++) printf("|%s|\n", img[r]);
    printf("holes=%d shapes=%d\n", regions, shapes);
    return 58;
}
