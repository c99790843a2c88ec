/* prbmc harness for trace3 (sensor.c:129), generated.
 * To adapt it, copy it to prbmc/harness/trace3.c: it is appended to
 * sensor.c, so the file's types, statics and macros are in scope.
 * It assumes:
 *   - m points to an array of 4 elements with any contents
 *   - static variable calls_seen of trace3 starts at its initial value, as on the first call
 */
void *malloc(__SIZE_TYPE__);
void prbmc_harness_trace3(void)
{
	const int (*m)[3] = malloc(4 * sizeof *m);
	trace3(m);
}
