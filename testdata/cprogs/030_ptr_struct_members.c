#include <stdio.h>

struct account { int id; long balance; char owner[8]; struct account *next; };

static void deposit(struct account *a, long amt) { a->balance += amt; }
static long *bal_ptr(struct account *a) { return &a->balance; }

int main(void) {
    struct account accts[4] = {{1, 100, "ann", 0}, {2, 250, "ben", 0}, {3, 0, "cy", 0}, {4, 75, "di", 0}};
    for (int i = 0; i < 3; i++) accts[i].next = &accts[i + 1];
    for (struct account *a = &accts[0]; a; a = a->next)
        printf("id=%d bal=%ld owner=%s\n", a->id, a->balance, a->owner);
    deposit(&accts[2], 500);
    long *pb = bal_ptr(&accts[1]);
    *pb -= 50;
    int *pid = &accts[3].id;
    *pid = 40;
    char *po = accts[0].owner;
    po[0] = 'A';
    struct account *p = accts;
    (p + 3)->balance *= 2;
    p->next->next->balance++;
    for (struct account *a = &accts[0]; a != NULL; a = a->next)
        printf("id=%d bal=%ld owner=%s\n", a->id, a->balance, a->owner);
    long total = 0;
    for (p = accts; p < accts + 4; p++) total += p->balance;
    printf("total=%ld\n", total);
    struct account *last = &accts[0];
    while (last->next) last = last->next;
    printf("last=%d\n", last->id);
    printf("(*p).id via arrow: %d %d\n", (*accts).id, accts->next->id);
    accts[1].next = accts[1].next->next;
    int n = 0;
    for (p = accts; p; p = p->next) n++;
    printf("chain len=%d\n", n);
    return 83;
}
