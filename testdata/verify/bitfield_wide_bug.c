// expect: unsafe
// expect-line: 16
// expect-engines: incremental kinduction
/* x + 16 is computed in x's 40 bits: it wraps for the last 16 values. */
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
void reach_error(void);
struct w {
  unsigned long long x : 40;
  unsigned char tag;
};
int main(void) {
  struct w s = {0, 1};
  unsigned long long v = __VERIFIER_nondet_ulonglong();
  if (v > 0xffffffffffULL) return 0;
  s.x = v;
  if (s.x + 16 != v + 16) reach_error();
  return 0;
}
