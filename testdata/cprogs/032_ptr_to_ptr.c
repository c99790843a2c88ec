#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_ptr(int **pp, int *target) { *pp = target; }
static void alloc_str(char **out, const char *src) {
    *out = malloc(strlen(src) + 1);
    strcpy(*out, src);
}

int main(void) {
    int a = 1, b = 2;
    int *p = &a;
    int **pp = &p;
    int ***ppp = &pp;
    printf("%d %d %d\n", *p, **pp, ***ppp);
    set_ptr(pp, &b);
    printf("now p->%d\n", *p);
    ***ppp = 20;
    printf("b=%d\n", b);
    const char *words[] = {"zeta", "alpha", "mu", "beta", "omega"};
    const char **w = words;
    for (int i = 0; i < 5; i++) printf("%s%c", *(w + i), i < 4 ? ' ' : '\n');
    printf("second char of third: %c\n", w[2][1]);
    printf("**w=%c\n", **w);
    w++;
    printf("after ++: %s %c\n", *w, *(*w + 2));
    char *s = NULL;
    alloc_str(&s, "dynamic");
    printf("s=%s\n", s);
    free(s);
    int rows = 3, cols = 4;
    int **grid = malloc(rows * sizeof *grid);
    for (int i = 0; i < rows; i++) {
        grid[i] = malloc(cols * sizeof **grid);
        for (int j = 0; j < cols; j++) grid[i][j] = i * cols + j;
    }
    int *tmp = grid[0]; grid[0] = grid[2]; grid[2] = tmp;
    for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++) printf("%3d", grid[i][j]);
        printf("\n");
    }
    for (int i = 0; i < rows; i++) free(grid[i]);
    free(grid);
    return 2;
}
