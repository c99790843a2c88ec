// Division under the guards of &&, ?: and ||: only evaluated where d != 0.
// checks all: safe
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int d = __VERIFIER_nondet_int();
  int r = 0;
  if (d != 0 && 100 / d > 1)
    r = 1;
  r += d ? 7 % d : 0;
  if (d == 0 || 5 / d == 0)
    r++;
  return r;
}
