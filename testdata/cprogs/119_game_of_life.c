#include <stdio.h>
#include <string.h>

#define W 10
#define H 8

static unsigned char grid[H][W], next[H][W];

static int neighbours(int r, int c) {
    int n = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            if (!dr && !dc) continue;
            int rr = (r + dr + H) % H, cc = (c + dc + W) % W;
            n += grid[rr][cc];
        }
    return n;
}

static void step(void) {
    for (int r = 0; r < H; r++)
        for (int c = 0; c < W; c++) {
            int n = neighbours(r, c);
            next[r][c] = (unsigned char)(grid[r][c] ? (n == 2 || n == 3) : n == 3);
        }
    memcpy(grid, next, sizeof grid);
}

static int show(int gen) {
    int alive = 0;
    printf("gen %d:\n", gen);
    for (int r = 0; r < H; r++) {
        for (int c = 0; c < W; c++) { putchar(grid[r][c] ? '#' : '.'); alive += grid[r][c]; }
        putchar('\n');
    }
    return alive;
}

int main(void) {
    grid[0][1] = grid[1][2] = grid[2][0] = grid[2][1] = grid[2][2] = 1;
    grid[5][6] = grid[5][7] = grid[5][8] = 1;
    show(0);
    for (int g = 1; g <= 4; g++) step();
    int a = show(4);
    for (int g = 5; g <= 9; g++) step();
    int b = show(9);
    printf("alive: %d %d\n", a, b);
    return 69;
}
