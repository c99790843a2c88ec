/* prbmc harness for never (sensor.c:98), generated.
 * To adapt it, copy it to prbmc/harness/never.c: it is appended to
 * sensor.c, so the file's types, statics and macros are in scope.
 */
int __VERIFIER_nondet_int(void);
void prbmc_harness_never(void)
{
	int x = __VERIFIER_nondet_int();
	never(x);
}
