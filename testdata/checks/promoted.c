// Not undefined: char and short arithmetic happens in int (C11 6.3.1.1),
// and storing the result back is an implementation-defined conversion;
// unsigned arithmetic wraps (6.2.5p9).
// checks all: safe
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern short __VERIFIER_nondet_short(void);
int main(void) {
  char c = __VERIFIER_nondet_char();
  short s = __VERIFIER_nondet_short();
  unsigned u = __VERIFIER_nondet_uint();
  unsigned char uc = (unsigned char)c;
  c += 100;
  c *= 3;
  s *= 300;
  s = -s;
  s -= 30000;
  u = u * 3u + 7u;
  u -= 10u;
  u = -u;
  u <<= 31;
  int w = uc * uc + c * s;
  return w + (int)(u >> 31);
}
