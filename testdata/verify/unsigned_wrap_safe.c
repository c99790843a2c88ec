// expect: safe
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned y = x + 1u;
  if (x == 4294967295u && y != 0u) reach_error();
  unsigned char c = (unsigned char)(x & 0xff);
  c += 10;
  if (c >= 256) reach_error();
  return 0;
}
