#include <stdio.h>
#include <stdlib.h>

struct node { int val; struct node *next; };

static struct node *push_front(struct node *head, int v) {
    struct node *n = malloc(sizeof *n);
    n->val = v;
    n->next = head;
    return n;
}

static void append(struct node **head, int v) {
    while (*head) head = &(*head)->next;
    *head = malloc(sizeof **head);
    (*head)->val = v;
    (*head)->next = NULL;
}

static void print(const char *tag, const struct node *n) {
    printf("%s:", tag);
    for (; n; n = n->next) printf(" %d", n->val);
    printf("\n");
}

static struct node *reverse(struct node *h) {
    struct node *prev = NULL;
    while (h) { struct node *nx = h->next; h->next = prev; prev = h; h = nx; }
    return prev;
}

static void remove_if_even(struct node **pp) {
    while (*pp) {
        if ((*pp)->val % 2 == 0) { struct node *d = *pp; *pp = d->next; free(d); }
        else pp = &(*pp)->next;
    }
}

static void free_list(struct node *h) { while (h) { struct node *n = h->next; free(h); h = n; } }

int main(void) {
    struct node *list = NULL;
    for (int i = 1; i <= 5; i++) { list = push_front(list, i * 10); printf("pushed %d head=%d\n", i * 10, list->val); }
    print("front", list);
    for (int i = 1; i <= 4; i++) append(&list, i);
    print("append", list);
    list = reverse(list);
    print("reversed", list);
    int len = 0, sum = 0;
    for (struct node *n = list; n; n = n->next) { len++; sum += n->val; }
    printf("len=%d sum=%d\n", len, sum);
    remove_if_even(&list);
    print("odd only", list);
    for (struct node *n = list; n && n->next; n = n->next) printf("pair %d->%d\n", n->val, n->next->val);
    append(&list, 7);
    list = push_front(list, 8);
    print("final", list);
    free_list(list);
    return 82;
}
