/* prbmc harness for sum4 (sensor.c:63), generated.
 * To adapt it, copy it to prbmc/harness/sum4.c: it is appended to
 * sensor.c, so the file's types, statics and macros are in scope.
 * It assumes:
 *   - a points to an array of 4 elements with any contents
 *   - n is at most 4, the elements a points to (a pointer and its length)
 */
int __VERIFIER_nondet_int(void);
void *malloc(__SIZE_TYPE__);
void __VERIFIER_assume(int);
void prbmc_harness_sum4(void)
{
	const int *a = malloc(4 * sizeof *a);
	int n = __VERIFIER_nondet_int();
	__VERIFIER_assume(n <= 4);
	sum4(a, n);
}
