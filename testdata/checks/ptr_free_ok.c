// Blocks used before they are freed, a freed pointer reassigned, and two
// blocks of which only the other is freed.
// checks all: safe
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  int *p = malloc(sizeof(int));
  *p = 3;
  int r = *p;
  free(p);
  p = malloc(sizeof(int));
  *p = r;
  struct node *a = malloc(sizeof(struct node));
  struct node *b = malloc(sizeof(struct node));
  a->next = b;
  b->next = 0;
  b->v = 1;
  struct node *dead = __VERIFIER_nondet_int() ? a : b;
  struct node *other = dead == a ? b : a;
  free(dead);
  other->v = *p;
  return other->v;
}
