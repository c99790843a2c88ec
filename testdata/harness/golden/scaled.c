/* prbmc harness for scaled (sensor.c:36), generated.
 * To adapt it, copy it to prbmc/harness/scaled.c: it is appended to
 * sensor.c, so the file's types, statics and macros are in scope.
 */
int __VERIFIER_nondet_int(void);
void prbmc_harness_scaled(void)
{
	int channel = __VERIFIER_nondet_int();
	scaled(channel);
}
