// Writing through a pointer to a string literal is undefined; writing a
// copy of it in an array is fine.
// checks pointer: unsafe pointer 11
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char buf[] = "abc";
  char *s = "xyz";
  char *p = __VERIFIER_nondet_int() ? buf : s;
  buf[0] = 'A';
  if (p == buf) p[1] = 'B';
  if (p != buf) p[1] = 'C';
  return buf[0] + s[0];
}
