// expect: bounded
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, s = 0;
  while (i < n) { i++; s += 2; }
  if (s != 2 * n) reach_error();
  return 0;
}
