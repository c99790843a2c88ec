// expect: safe
/* A 3-bit counter wraps modulo 8 and a 3-bit signed field holds -4..3
   whatever is stored; the neighbours sharing their unit are untouched. */
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
struct counter {
  unsigned lo : 5;
  unsigned x : 3;
  int y : 3;
  unsigned hi : 7;
};
int main(void) {
  struct counter c = {17, 0, 0, 100};
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 20) return 0;
  for (int i = 0; i < n; i++) {
    c.x++;
    if (c.x >= 8) reach_error();
  }
  if (c.x != n % 8) reach_error();
  c.y = __VERIFIER_nondet_int();
  if (c.y < -4 || c.y > 3) reach_error();
  c.y += 5;
  if (c.y < -4 || c.y > 3) reach_error();
  if (c.lo != 17 || c.hi != 100) reach_error();
  return 0;
}
