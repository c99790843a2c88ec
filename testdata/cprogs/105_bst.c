#include <stdio.h>
#include <stdlib.h>

typedef struct tree { int key; int count; struct tree *l, *r; } tree;

static tree *insert(tree *t, int k) {
    if (!t) {
        t = calloc(1, sizeof *t);
        t->key = k;
        t->count = 1;
        return t;
    }
    if (k < t->key) t->l = insert(t->l, k);
    else if (k > t->key) t->r = insert(t->r, k);
    else t->count++;
    return t;
}

static void inorder(const tree *t) { if (!t) return; inorder(t->l); printf(" %d", t->key); if (t->count > 1) printf("x%d", t->count); inorder(t->r); }
static int height(const tree *t) { if (!t) return 0; int a = height(t->l), b = height(t->r); return 1 + (a > b ? a : b); }
static int size(const tree *t) { return t ? 1 + size(t->l) + size(t->r) : 0; }
static const tree *find(const tree *t, int k) { while (t && t->key != k) t = k < t->key ? t->l : t->r; return t; }
static int min_key(const tree *t) { while (t->l) t = t->l; return t->key; }
static void free_tree(tree *t) { if (!t) return; free_tree(t->l); free_tree(t->r); free(t); }
static int sum_level(const tree *t, int lvl) {
    if (!t) return 0;
    if (lvl == 0) return t->key;
    return sum_level(t->l, lvl - 1) + sum_level(t->r, lvl - 1);
}

int main(void) {
    int keys[] = {50, 30, 70, 20, 40, 60, 80, 30, 65, 10, 45, 70, 70};
    tree *root = NULL;
    for (unsigned i = 0; i < sizeof keys / sizeof keys[0]; i++) root = insert(root, keys[i]);
    printf("inorder:");
    inorder(root);
    printf("\n");
    printf("height=%d size=%d min=%d\n", height(root), size(root), min_key(root));
    int q[] = {45, 55, 70, 10, 99};
    for (int i = 0; i < 5; i++) {
        const tree *f = find(root, q[i]);
        printf("find %d: %s", q[i], f ? "yes" : "no");
        if (f) printf(" count=%d", f->count);
        printf("\n");
    }
    for (int l = 0; l < height(root); l++) printf("level %d sum=%d\n", l, sum_level(root, l));
    free_tree(root);
    return 41;
}
