// expect: unsafe
// expect-line: 18
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
struct point { int x, y; };
struct box { struct point lo, hi; int tag; };
static void grow(struct point *p, int d) { p->x += d; p->y += d; }
int main(void) {
  struct box b = { {0, 0}, {10, 10}, 7 };
  struct box c;
  int d = __VERIFIER_nondet_int();
  if (d < 0 || d > 100) return 0;
  grow(&b.hi, d);
  c = b; /* struct copy */
  int *px = &c.hi.x;
  *px += 1;
  if (c.tag != 7 || b.hi.x != 10 + d) reach_error();
  if (c.hi.x == 42) reach_error();
  return 0;
}
