// expect: safe
// expect-engines: incremental kinduction auto
// A 1 TiB global: symbolic execution models it as an array; the concrete
// run (auto's concrete engine) refuses it cleanly instead of allocating it.
void reach_error(void);
static char big[1L << 40];
int main(void) {
  big[5] = 1;
  big[(1L << 40) - 1] = 2;
  if (big[5] != 1 || big[(1L << 40) - 1] != 2 || big[6] != 0) reach_error();
  return 0;
}
