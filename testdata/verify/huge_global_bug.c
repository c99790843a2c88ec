// expect: unknown
// expect-engines: incremental kinduction auto
// The bug is real, but its counterexample cannot be replayed: the
// interpreter refuses the 1 TiB global. Unconfirmed, it is never reported
// (the reason names the interpreter's limit).
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
static char big[1L << 40];
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 100) return 0;
  big[i] = 1;
  if (big[5] != 0) reach_error();
  return 0;
}
