/* prbmc harness for under_limit (sensor.c:76), generated.
 * To adapt it, copy it to prbmc/harness/under_limit.c: it is appended to
 * sensor.c, so the file's types, statics and macros are in scope.
 * It assumes:
 *   - global limit holds any value
 */
int __VERIFIER_nondet_int(void);
void prbmc_harness_under_limit(void)
{
	int x = __VERIFIER_nondet_int();
	limit = __VERIFIER_nondet_int();
	under_limit(x);
}
