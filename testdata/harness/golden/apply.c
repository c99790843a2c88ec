/* prbmc harness for apply (sensor.c:106), generated.
 * To adapt it, copy it to prbmc/harness/apply.c: it is appended to
 * sensor.c, so the file's types, statics and macros are in scope.
 * It assumes:
 *   - function pointer op points to a function of its type whose address the program takes (none: an unknown function, a call through it is unknown)
 */
int __VERIFIER_nondet_int(void);
static void __prbmc_fnptr_any(void *p) { (void)p; }
void prbmc_harness_apply(void)
{
	int (*op)(int);
	__prbmc_fnptr_any(&op);
	int x = __VERIFIER_nondet_int();
	apply(op, x);
}
