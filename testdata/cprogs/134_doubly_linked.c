#include <stdio.h>
#include <stdlib.h>

typedef struct dnode { int v; struct dnode *prev, *next; } dnode;
typedef struct { dnode *head, *tail; int size; } dlist;

static void push_back(dlist *l, int v) {
    dnode *n = malloc(sizeof *n);
    n->v = v; n->next = NULL; n->prev = l->tail;
    if (l->tail) l->tail->next = n; else l->head = n;
    l->tail = n;
    l->size++;
}

static void push_front(dlist *l, int v) {
    dnode *n = malloc(sizeof *n);
    n->v = v; n->prev = NULL; n->next = l->head;
    if (l->head) l->head->prev = n; else l->tail = n;
    l->head = n;
    l->size++;
}

static void unlink_node(dlist *l, dnode *n) {
    if (n->prev) n->prev->next = n->next; else l->head = n->next;
    if (n->next) n->next->prev = n->prev; else l->tail = n->prev;
    free(n);
    l->size--;
}

static void print(const dlist *l) {
    printf("fwd(%d):", l->size);
    for (dnode *n = l->head; n; n = n->next) printf(" %d", n->v);
    printf(" | back:");
    for (dnode *n = l->tail; n; n = n->prev) printf(" %d", n->v);
    printf("\n");
}

int main(void) {
    dlist l = {NULL, NULL, 0};
    for (int i = 1; i <= 4; i++) { push_back(&l, i); push_front(&l, -i); print(&l); }
    for (dnode *n = l.head; n;) {
        dnode *nx = n->next;
        if (n->v % 2 == 0) unlink_node(&l, n);
        n = nx;
    }
    print(&l);
    unlink_node(&l, l.head);
    unlink_node(&l, l.tail);
    print(&l);
    int sum = 0;
    for (dnode *n = l.head; n; n = n->next) sum += n->v * 10;
    printf("sum=%d\n", sum);
    while (l.head) unlink_node(&l, l.head);
    print(&l);
    push_back(&l, 7);
    print(&l);
    unlink_node(&l, l.tail);
    printf("empty=%d\n", l.head == NULL && l.tail == NULL);
    return 98;
}
