// expect: unsafe
// expect-line: 17
/* Past 2^64 long double's 64 significand bits lose the 1 (for an even x,
   a tie rounds to it), and a long double beyond double's range goes
   through memory and back: the counterexample's 80 bits replay in the
   interpreter. */
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern long double __VERIFIER_nondet_long_double(void);
void reach_error(void);
int main(void) {
  long double a[2];
  a[1] = __VERIFIER_nondet_long_double();
  long double *q = &a[1];
  unsigned long long x = __VERIFIER_nondet_ulonglong();
  long double y = (long double)x * 2;
  if (*q > 1e4000L && *q / 4 < 1e4000L && y + 1 == y)
    reach_error();
  return 0;
}
