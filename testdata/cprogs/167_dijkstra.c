#include <stdio.h>
#include <limits.h>

#define NV 7

int main(void) {
    int w[NV][NV] = {{0}};
    int e[][3] = {{0, 1, 7}, {0, 2, 9}, {0, 5, 14}, {1, 2, 10}, {1, 3, 15}, {2, 3, 11}, {2, 5, 2}, {3, 4, 6}, {4, 5, 9}, {5, 6, 1}};
    for (unsigned i = 0; i < sizeof e / sizeof e[0]; i++) w[e[i][0]][e[i][1]] = w[e[i][1]][e[i][0]] = e[i][2];
    int dist[NV], prev[NV], done[NV] = {0};
    for (int i = 0; i < NV; i++) { dist[i] = INT_MAX; prev[i] = -1; }
    dist[0] = 0;
    for (int it = 0; it < NV; it++) {
        int u = -1;
        for (int i = 0; i < NV; i++) if (!done[i] && dist[i] != INT_MAX && (u < 0 || dist[i] < dist[u])) u = i;
        if (u < 0) break;
        done[u] = 1;
        printf("settle %d dist=%d\n", u, dist[u]);
        for (int v = 0; v < NV; v++)
            if (w[u][v] && !done[v] && dist[u] + w[u][v] < dist[v]) { dist[v] = dist[u] + w[u][v]; prev[v] = u; }
    }
    for (int v = 0; v < NV; v++) {
        printf("to %d: ", v);
        if (dist[v] == INT_MAX) { printf("unreachable\n"); continue; }
        int path[NV], n = 0;
        for (int x = v; x >= 0; x = prev[x]) path[n++] = x;
        while (n--) printf("%d%s", path[n], n ? "->" : "");
        printf(" (%d)\n", dist[v]);
    }
    int fw[NV][NV];
    for (int i = 0; i < NV; i++) for (int j = 0; j < NV; j++) fw[i][j] = i == j ? 0 : w[i][j] ? w[i][j] : 1000000;
    for (int k = 0; k < NV; k++) for (int i = 0; i < NV; i++) for (int j = 0; j < NV; j++)
        if (fw[i][k] + fw[k][j] < fw[i][j]) fw[i][j] = fw[i][k] + fw[k][j];
    printf("floyd 3->6=%d 1->4=%d 6->0=%d\n", fw[3][6], fw[1][4], fw[6][0]);
    return 64;
}
