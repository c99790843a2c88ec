#include <stdio.h>
#include <stdlib.h>

static int pegs[3][8], height[3];
static int moves, verbose = 1;

static void move(int from, int to) {
    int disk = pegs[from][--height[from]];
    pegs[to][height[to]++] = disk;
    moves++;
    if (verbose && moves <= 15) printf("move %2d: disk %d %c->%c\n", moves, disk, 'A' + from, 'A' + to);
}

static void hanoi(int n, int from, int to, int via) {
    if (n == 0) return;
    hanoi(n - 1, from, via, to);
    move(from, to);
    hanoi(n - 1, via, to, from);
}

static void solve(int n) {
    height[0] = height[1] = height[2] = 0;
    for (int i = n; i >= 1; i--) pegs[0][height[0]++] = i;
    moves = 0;
    hanoi(n, 0, 2, 1);
    int ok = height[2] == n;
    for (int i = 0; i < height[2]; i++) ok = ok && pegs[2][i] == n - i;
    printf("n=%d moves=%d solved=%d\n", n, moves, ok);
}

int main(void) {
    solve(4);
    verbose = 0;
    for (int n = 1; n <= 8; n++) solve(n);
    exit(71);
}
