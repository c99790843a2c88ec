// expect: unsafe
// expect-line: 16
// expect-engines: kinduction bkind auto
// Seed 000, Fig. 1(b): s reaches 5 after four iterations and the fifth
// can fail; bkind finds it at iteration 3, k-induction at 4.
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  unsigned input, s = 1;
  while (1) {
    input = __VERIFIER_nondet_uint();
    if (input == s && s < 5)
      s = s + 1;
    if (input == 5 && s >= 5)
      reach_error();
  }
}
