/* prbmc harness for clamp_reading (sensor.c:24), generated.
 * To adapt it, copy it to prbmc/harness/clamp_reading.c: it is appended to
 * sensor.c, so the file's types, statics and macros are in scope.
 */
int __VERIFIER_nondet_int(void);
void prbmc_harness_clamp_reading(void)
{
	int channel = __VERIFIER_nondet_int();
	clamp_reading(channel);
}
