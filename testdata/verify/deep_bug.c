// expect: unsafe
// expect-line: 9
void reach_error(void);
int main(void) {
  int i = 0, x = 0;
  while (i < 1000) {
    i++;
    x += 3;
    if (x == 1500) reach_error();
  }
  return 0;
}
