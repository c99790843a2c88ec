/* The contract of copy_in: at most 8 elements, from a real array. */
int __VERIFIER_nondet_int(void);

void prbmc_harness_copy_in(void)
{
	int src[8];
	int n = __VERIFIER_nondet_int();
	__VERIFIER_assume(n >= 0 && n <= 8);
	copy_in(src, n);
}
