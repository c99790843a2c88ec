// Without assertions in the set, a failing assert is an assumption: the
// run stops there (as abort would) but nothing is reported; the overflow
// after it is only reachable where the assertion held.
// checks assertions: unsafe assertion 11
// checks overflow: safe
// checks all: unsafe assertion 11
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c);
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assert(x < 100);
  return x + 1;
}
