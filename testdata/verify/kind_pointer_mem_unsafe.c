// expect: unsafe
// expect-line: 19
// expect-engines: kinduction bkind auto
// As kind_pointer_unsafe.c, but the pointer lives in memory (a struct
// whose address is taken): the havoc of k-induction's step gives it any
// value that may point to a, not the "no object" of uninitialised bytes.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
struct holder {
  int *p;
};
int main(void) {
  int a = 0;
  struct holder h;
  struct holder *hp = &h;
  hp->p = &a;
  while (__VERIFIER_nondet_int()) {
    if (a > 5)
      reach_error();
    *hp->p = *hp->p + 1;
    if (*hp->p > 6)
      *hp->p = 0;
  }
  return 0;
}
