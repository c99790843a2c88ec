// expect: unsafe
// expect-line: 9
/* An uninitialised array holds any values: the counterexample gives the
   whole array as one input, and the replay reads a[3] from it. */
void reach_error(void);
int main(void) {
  int a[5];
  int s = a[1] + a[3];
  if (a[3] == 7 && s == 10) reach_error();
  return 0;
}
