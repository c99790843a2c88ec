// expect: safe
// expect-engines: kinduction bkind auto
// An outer loop with an unbounded trip count around an inner loop with a
// fixed one; x stays below 10.
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  unsigned x = 0;
  while (__VERIFIER_nondet_int()) {
    for (int j = 0; j < 3; j++)
      x = (x + 1) % 10;
    if (x >= 10)
      reach_error();
  }
  return 0;
}
