// In-bounds indexing, and the address one past the end (legal, C11 6.5.6p8)
// used as a loop limit.
// checks all: safe
extern int __VERIFIER_nondet_int(void);
struct s { char name[8]; int v[2][2]; };
int main(void) {
  int a[4];
  struct s x;
  int *end = &a[4];
  for (int *p = &a[0]; p < end; p++)
    *p = 0;
  unsigned char k = (unsigned char)__VERIFIER_nondet_int();
  int big[256];
  big[k] = 1;
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i < 8)
    x.name[i] = 'a';
  if (i >= 0 && i < 2)
    x.v[i][1 - i] = a[i + 2];
  return big[k];
}
