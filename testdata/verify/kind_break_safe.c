// expect: safe
// expect-engines: kinduction bkind auto
// Early exits (two breaks) and code after the loop: s == 2*i is a
// relational invariant intervals miss.
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  int i = 0, s = 0;
  while (1) {
    if (__VERIFIER_nondet_int())
      break;
    if (i >= 100)
      break;
    i++;
    s += 2;
  }
  if (s != 2 * i)
    reach_error();
  return 0;
}
