// expect: safe
// expect-engines: kinduction bkind auto
// Seed 000, Fig. 1(a): s stays within 1..5, so input == 5 && s > 5 never
// holds; BMC cannot prove it (the loop never ends), intervals do.
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  unsigned input, s = 1;
  while (1) {
    input = __VERIFIER_nondet_uint();
    if (input == s && s < 5)
      s = s + 1;
    if (input == 5 && s > 5)
      reach_error();
  }
}
