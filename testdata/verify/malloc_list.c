// expect: unsafe
// expect-line: 20
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
struct node { int v; struct node *next; };
int main(void) {
  struct node *head = 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) return 0;
  for (int i = 0; i < n; i++) {
    struct node *c = malloc(sizeof *c);
    c->v = i;
    c->next = head;
    head = c;
  }
  int sum = 0;
  for (struct node *c = head; c; c = c->next) sum += c->v;
  /* 0+1+2+3 = 6 when n == 4 */
  if (sum > 5) reach_error();
  return 0;
}
