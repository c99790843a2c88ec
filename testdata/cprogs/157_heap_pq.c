#include <stdio.h>
#include <stdlib.h>

typedef struct { int prio; char tag; } item;
typedef struct { item *a; int n, cap; } heap;

static void swap(item *x, item *y) { item t = *x; *x = *y; *y = t; }

static void hpush(heap *h, int prio, char tag) {
    int i = h->n++;
    h->a[i].prio = prio;
    h->a[i].tag = tag;
    while (i > 0 && h->a[(i - 1) / 2].prio > h->a[i].prio) { swap(&h->a[(i - 1) / 2], &h->a[i]); i = (i - 1) / 2; }
}

static item hpop(heap *h) {
    item top = h->a[0];
    h->a[0] = h->a[--h->n];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < h->n && h->a[l].prio < h->a[m].prio) m = l;
        if (r < h->n && h->a[r].prio < h->a[m].prio) m = r;
        if (m == i) break;
        swap(&h->a[i], &h->a[m]);
        i = m;
    }
    return top;
}

int main(void) {
    heap h = {malloc(32 * sizeof(item)), 0, 32};
    int prios[] = {42, 7, 19, 3, 88, 7, 1, 56, 23, 11};
    for (int i = 0; i < 10; i++) { hpush(&h, prios[i], (char)('a' + i)); printf("push %d top=%d\n", prios[i], h.a[0].prio); }
    printf("pop order:");
    while (h.n > 5) { item it = hpop(&h); printf(" %d%c", it.prio, it.tag); }
    printf("\n");
    hpush(&h, 0, 'z');
    hpush(&h, 100, 'y');
    while (h.n) { item it = hpop(&h); printf("pop %d%c remaining=%d\n", it.prio, it.tag, h.n); }
    int arr[12] = {5, 2, 9, 1, 5, 6, 0, -3, 8, 7, 4, 3};
    for (int i = 0; i < 12; i++) hpush(&h, arr[i], '.');
    for (int i = 0; i < 12; i++) arr[i] = hpop(&h).prio;
    printf("heapsort:");
    for (int i = 0; i < 12; i++) printf(" %d", arr[i]);
    printf("\n");
    free(h.a);
    return 44;
}
