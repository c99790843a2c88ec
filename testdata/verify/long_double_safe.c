// expect: safe
/* Holds in long double's 64 significand bits, not in double's 53: every
   64-bit integer converts exactly, and adding 1 below 2^64 is exact. */
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
void reach_error(void);
struct box {
  char tag;
  long double v;
};
int main(void) {
  unsigned long long x = __VERIFIER_nondet_ulonglong();
  struct box b = {1, x};
  struct box *p = &b;
  if ((unsigned long long)p->v != x) reach_error();
  long double y = p->v + 1;
  if (x < 0xffffffffffffffffULL && (y == p->v || y - 1 != p->v)) reach_error();
  if (1.0L + 1e-17L == 1.0L) reach_error();
  return 0;
}
