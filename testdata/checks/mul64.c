// 64-bit multiplication, checked without a wider type.
// checks overflow: unsafe overflow 10
extern long long __VERIFIER_nondet_longlong(void);
int main(void) {
  long long a = __VERIFIER_nondet_longlong();
  long long r = 0;
  if (a >= -3037000499LL && a <= 3037000499LL)
    r = a * a;
  if (a > 3037000499LL && a < 3037000600LL)
    r = a * a;
  return r > 0;
}
