// expect: unsafe
// expect-line: 7
void reach_error(void);
int main(void) {
  int x; /* uninitialised: any value (SV-COMP convention) */
  int y = x % 7;
  if (y == 3) reach_error();
  return 0;
}
