#include <stdio.h>
#include <string.h>

#define H 7
#define W 10

static const char *maze[H] = {
    "S.#.......",
    ".##..###..",
    "....#...#.",
    "##.##.#.#.",
    "...#..#.#.",
    ".#...##...",
    ".#.#....#E",
};

int main(void) {
    int dist[H][W];
    memset(dist, -1, sizeof dist);
    int qr[H * W], qc[H * W], head = 0, tail = 0;
    int prev[H][W];
    qr[tail] = 0; qc[tail++] = 0;
    dist[0][0] = 0;
    prev[0][0] = -1;
    static const int dr[4] = {1, -1, 0, 0}, dc[4] = {0, 0, 1, -1};
    while (head < tail) {
        int r = qr[head], c = qc[head++];
        for (int k = 0; k < 4; k++) {
            int nr = r + dr[k], nc = c + dc[k];
            if (nr < 0 || nr >= H || nc < 0 || nc >= W || maze[nr][nc] == '#' || dist[nr][nc] >= 0) continue;
            dist[nr][nc] = dist[r][c] + 1;
            prev[nr][nc] = r * W + c;
            qr[tail] = nr; qc[tail++] = nc;
        }
    }
    printf("visited=%d dist to E=%d\n", tail, dist[H - 1][W - 1]);
    char out[H][W + 1];
    for (int r = 0; r < H; r++) { memcpy(out[r], maze[r], W); out[r][W] = '\0'; }
    for (int p = prev[H - 1][W - 1]; p > 0; p = prev[p / W][p % W]) out[p / W][p % W] = '*';
    for (int r = 0; r < H; r++) printf("%s\n", out[r]);
    for (int r = 0; r < H; r++) {
        for (int c = 0; c < W; c++) {
            if (dist[r][c] < 0) printf("  #");
            else printf("%3d", dist[r][c]);
        }
        printf("\n");
    }
    return 60;
}
