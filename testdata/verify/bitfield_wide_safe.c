// expect: safe
// expect-engines: incremental kinduction
/* A bit-field of 33 to 63 bits in a 64-bit type computes in its own width,
   as gcc does: x + 1 wraps to 0 at 2^40 - 1, so it is always below 2^40;
   the 32-bit z acts as unsigned int; a conditional keeps x's type. */
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
void reach_error(void);
struct w {
  unsigned char tag;
  unsigned long long x : 40;
  long long y : 40;
  unsigned long long z : 32;
};
int main(void) {
  struct w s = {7, 0, -1, 0};
  unsigned long long v = __VERIFIER_nondet_ulonglong();
  s.x = v;
  s.z = v;
  unsigned long long r = s.x + 1;
  if (r >= (1ULL << 40)) reach_error();
  if ((v & 0xffffffffffULL) == 0xffffffffffULL && r != 0) reach_error();
  unsigned long long q = s.z + 1;
  if (q > 0xffffffffULL) reach_error();
  if ((1 ? s.x : 0) + 1 >= (1ULL << 40)) reach_error();
  if (s.y != -1 || s.y + s.x != s.x - 1 || s.tag != 7) reach_error();
  return 0;
}
