// expect: safe
// expect-engines: incremental kinduction auto
// tiny-regex-c's matchstar walks a pointer back past the start of its
// string (text-- until text >= prepoint fails): within one object,
// pointers compare by signed offset, as the interpreter (and the
// machine) compare them, so the loop ends after n + 1 turns.
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void);
int main(void) {
  char s[4] = {1, 2, 3, 0};
  unsigned char n = __VERIFIER_nondet_uchar();
  if (n > 3)
    return 0;
  const char *start = s;
  const char *t = s + n;
  int turns = 0;
  while (t >= start) {
    t--;
    turns++;
  }
  if (turns != n + 1)
    reach_error();
  return 0;
}
