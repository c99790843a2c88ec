// A pointer to a local of a function that has returned.
// checks pointer: unsafe pointer 9
int *make(void) {
  int local = 7;
  return &local;
}
int main(void) {
  int *p = make();
  return *p;
}
