/* prbmc harness for first_value (sensor.c:44), generated.
 * To adapt it, copy it to prbmc/harness/first_value.c: it is appended to
 * sensor.c, so the file's types, statics and macros are in scope.
 * It assumes:
 *   - n points to one object with any contents, or is NULL
 *   - n->next points to one object with any contents
 *   - n->next->next is NULL (deeper than the harness depth 2)
 *   - global calls holds any value
 */
_Bool __VERIFIER_nondet_bool(void);
int __VERIFIER_nondet_int(void);
void *malloc(__SIZE_TYPE__);
void prbmc_harness_first_value(void)
{
	const struct node *n = __VERIFIER_nondet_bool() ? 0 : malloc(sizeof *n);
	if (n) {
		*(void **)&(n[0].next) = malloc(sizeof *(n[0].next));
		*(void **)&((n[0].next)[0].next) = 0;
	}
	calls = __VERIFIER_nondet_int();
	first_value(n);
}
