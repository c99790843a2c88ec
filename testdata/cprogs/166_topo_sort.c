#include <stdio.h>

#define NV 8
static const char *names[NV] = {"undershorts", "pants", "belt", "shirt", "tie", "jacket", "socks", "shoes"};
static int adj[NV][NV];
static int state[NV], order[NV], pos;

static int dfs(int u) {
    state[u] = 1;
    for (int v = 0; v < NV; v++) {
        if (!adj[u][v]) continue;
        if (state[v] == 1) return 0;
        if (state[v] == 0 && !dfs(v)) return 0;
    }
    state[u] = 2;
    order[--pos] = u;
    return 1;
}

int main(void) {
    int edges[][2] = {{0, 1}, {0, 7}, {1, 2}, {1, 7}, {2, 5}, {3, 2}, {3, 4}, {4, 5}, {6, 7}};
    for (unsigned i = 0; i < sizeof edges / sizeof edges[0]; i++) adj[edges[i][0]][edges[i][1]] = 1;
    pos = NV;
    int ok = 1;
    for (int u = 0; u < NV && ok; u++) if (!state[u]) ok = dfs(u);
    printf("acyclic=%d\n", ok);
    for (int i = 0; i < NV; i++) printf("%d: %s\n", i, names[order[i]]);
    int indeg[NV] = {0};
    for (int u = 0; u < NV; u++) for (int v = 0; v < NV; v++) indeg[v] += adj[u][v];
    int q[NV], h = 0, t = 0;
    for (int v = 0; v < NV; v++) if (!indeg[v]) q[t++] = v;
    printf("kahn:");
    while (h < t) {
        int u = q[h++];
        printf(" %s", names[u]);
        for (int v = 0; v < NV; v++) if (adj[u][v] && --indeg[v] == 0) q[t++] = v;
    }
    printf("\n");
    adj[5][3] = 1;
    for (int i = 0; i < NV; i++) state[i] = 0;
    pos = NV;
    ok = 1;
    for (int u = 0; u < NV && ok; u++) if (!state[u]) ok = dfs(u);
    printf("with cycle acyclic=%d\n", ok);
    return 62;
}
