#include <stdio.h>

#define N 16
static int parent[N], rnk[N], sz[N];

static int find(int x) {
    while (parent[x] != x) { parent[x] = parent[parent[x]]; x = parent[x]; }
    return x;
}

static int unite(int a, int b) {
    a = find(a); b = find(b);
    if (a == b) return 0;
    if (rnk[a] < rnk[b]) { int t = a; a = b; b = t; }
    parent[b] = a;
    sz[a] += sz[b];
    if (rnk[a] == rnk[b]) rnk[a]++;
    return 1;
}

int main(void) {
    for (int i = 0; i < N; i++) { parent[i] = i; rnk[i] = 0; sz[i] = 1; }
    int pairs[][2] = {{0, 1}, {2, 3}, {1, 3}, {4, 5}, {6, 7}, {5, 7}, {0, 2}, {8, 9}, {10, 11}, {9, 11}, {12, 13}, {3, 7}, {14, 14}};
    int comps = N;
    for (unsigned i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        int merged = unite(pairs[i][0], pairs[i][1]);
        comps -= merged;
        printf("unite(%d,%d) -> %s comps=%d\n", pairs[i][0], pairs[i][1], merged ? "merged" : "same", comps);
    }
    for (int i = 0; i < N; i++) {
        int r = find(i);
        if (r == i) printf("root %d size=%d\n", i, sz[i]);
    }
    printf("same(0,7)=%d same(8,10)=%d same(12,15)=%d\n", find(0) == find(7), find(8) == find(10), find(12) == find(15));
    return 66;
}
