// A memory-hungry float function: Z3 bit-blasts the double divisions and
// multiplications into a formula that takes it gigabytes. Measured with
// `/usr/bin/time -f '%e s %M KB' prbmc verify fp_hungry.c --timeout 60s`
// on 2 cores (auto: two solvers at once):
//   no cap                   59.7 s, peak RSS 6.6 GB, unknown (timeout)
//   --z3-memory-mib 2048     17.8 s, peak RSS 1.7 GB, unknown (memory limit (2048 MiB))
//   --z3-memory-mib 512       5.5 s, peak RSS 0.49 GB, unknown (memory limit (512 MiB))
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
void reach_error(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  double y = __VERIFIER_nondet_double();
  double z = __VERIFIER_nondet_double();
  __VERIFIER_assume(x > 1.0 && x < 100.0 && y > 1.0 && y < 100.0 && z > 1.0 && z < 100.0);
  double a = (x * y) / z;
  double b = (x / z) * y;
  double c = (a * a + b * b) / (x + y);
  double d = c / (a + 1.0) * (b + 1.0) / (c + z);
  if (a - b > 1e-9 * a || d < 0.0) reach_error();
  return 0;
}
