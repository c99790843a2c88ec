/* prbmc harness for status_of (sensor.c:117), generated.
 * To adapt it, copy it to prbmc/harness/status_of.c: it is appended to
 * sensor.c, so the file's types, statics and macros are in scope.
 */
int __VERIFIER_nondet_int(void);
void prbmc_harness_status_of(void)
{
	int id = __VERIFIER_nondet_int();
	status_of(id);
}
