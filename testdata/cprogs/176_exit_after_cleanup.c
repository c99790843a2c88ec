#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node { int v; struct node *next; };

static struct node *build(int n) {
    struct node *head = NULL;
    for (int i = n; i > 0; i--) {
        struct node *nd = malloc(sizeof *nd);
        nd->v = i * i;
        nd->next = head;
        head = nd;
    }
    return head;
}

static void destroy(struct node *h) {
    while (h) { struct node *nx = h->next; free(h); h = nx; }
}

static void fatal_if(int cond, int code, struct node *list) {
    if (!cond) return;
    printf("fatal condition, code %d\n", code);
    destroy(list);
    exit(code);
}

int main(void) {
    struct node *list = build(10);
    int total = 0, idx = 0;
    for (struct node *n = list; n; n = n->next, idx++) {
        total += n->v;
        printf("node %d v=%d running=%d\n", idx, n->v, total);
        fatal_if(total > 300, 44, list);
    }
    printf("unreachable total=%d\n", total);
    destroy(list);
    return 0;
}
