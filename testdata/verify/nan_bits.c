// expect: unsafe
// expect-line: 11
/* x86 (and our interpreter) make 0/0 a negative NaN: the bits of a NaN are
   not the solver's canonical pattern, so prbmc must not assume them. */
void reach_error(void);
union u { float f; unsigned b; };
int main(void) {
  union u x;
  float z = 0.0f;
  x.f = z / z;
  if (x.b != 0x7fc00000u) reach_error();
  return 0;
}
