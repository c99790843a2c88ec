#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>

struct node { int v; struct node *left, *right; };

static int safe_len(const char *s) {
    if (s == NULL) return -1;
    int n = 0;
    while (s[n]) n++;
    return n;
}

static int depth(const struct node *n) {
    if (!n) return 0;
    int l = depth(n->left), r = depth(n->right);
    return 1 + (l > r ? l : r);
}

static int get_or(const int *p, int dflt) { return p ? *p : dflt; }

int main(void) {
    printf("len(NULL)=%d len(\"abc\")=%d\n", safe_len(NULL), safe_len("abc"));
    struct node n4 = {4, NULL, NULL}, n3 = {3, &n4, NULL};
    struct node n2 = {2, NULL, NULL}, n1 = {1, &n2, &n3};
    printf("depth=%d depth(n3)=%d depth(NULL)=%d\n", depth(&n1), depth(&n3), depth(NULL));
    int v = 42;
    printf("get_or=%d %d\n", get_or(&v, 0), get_or(NULL, -9));
    int *p = NULL;
    printf("p==NULL %d !p %d p==0 %d\n", p == NULL, !p, p == 0);
    p = &v;
    printf("p!=NULL %d bool %d\n", p != NULL, p ? 1 : 0);
    void *vp = 0;
    printf("vp null %d\n", vp == NULL);
    const char *strs[4] = {"a", NULL, "ccc"};
    for (int i = 0; i < 4; i++) printf("strs[%d] len=%d\n", i, safe_len(strs[i]));
    struct node *cur = &n1;
    int path = 0;
    while (cur && cur->right) { path = path * 10 + cur->v; cur = cur->right; }
    printf("path=%d end=%d\n", path, cur ? cur->v : -1);
    free(NULL);
    int *m = malloc(sizeof *m);
    if (m != NULL) { *m = 7; printf("m=%d\n", *m); }
    free(m);
    printf("sizeof NULL ok=%d\n", (int)(sizeof(NULL) == sizeof(void *)));
    return 6;
}
