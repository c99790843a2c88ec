// expect: unsafe
// expect-line: 16
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), r = 0;
  switch (x) {
  case 1: r += 1; /* fall through */
  case 2: r += 2; break;
  case 5: goto out;
  default: r = -1;
  }
  if (r == 3) goto fail;
  return 0;
out:
  if (x == 5) { fail: reach_error(); }
  return 0;
}
