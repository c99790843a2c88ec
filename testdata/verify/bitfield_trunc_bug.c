// expect: unsafe
// expect-line: 17
// expect-value: v = 9
/* A store into a 3-bit field keeps the low three bits: 9 reads back 1. */
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
struct s {
  unsigned char tag;
  unsigned f : 3;
  unsigned g : 4;
};
int main(void) {
  struct s s = {7, 0, 15};
  unsigned v = __VERIFIER_nondet_uint();
  if (v > 9) return 0;
  s.f = v;
  if (s.f == 1 && v != 1) reach_error();
  if (s.g != 15) reach_error();
  return 0;
}
