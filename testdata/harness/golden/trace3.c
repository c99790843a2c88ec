/* prbmc harness for trace3 (sensor.c:130), generated.
 * To adapt it, copy it to prbmc/harness/trace3.c: it is appended to
 * sensor.c, so the file's types, statics and macros are in scope.
 * It assumes:
 *   - m points to an array of 4 elements with any contents
 *   - trace3() may have been called any number of times before, each time with any arguments (its static variable calls_seen carries over from call to call)
 */
_Bool __VERIFIER_nondet_bool(void);
void *malloc(__SIZE_TYPE__);
void prbmc_harness_trace3(void)
{
	do {
		const int (*m)[3] = malloc(4 * sizeof *m);
		trace3(m);
	} while (__VERIFIER_nondet_bool());
}
