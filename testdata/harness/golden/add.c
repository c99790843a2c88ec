/* prbmc harness for add (sensor.c:84), generated.
 * To adapt it, copy it to prbmc/harness/add.c: it is appended to
 * sensor.c, so the file's types, statics and macros are in scope.
 */
int __VERIFIER_nondet_int(void);
void prbmc_harness_add(void)
{
	int a = __VERIFIER_nondet_int();
	int b = __VERIFIER_nondet_int();
	add(a, b);
}
