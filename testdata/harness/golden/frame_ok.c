/* prbmc harness for frame_ok (sensor.c:53), generated.
 * To adapt it, copy it to prbmc/harness/frame_ok.c: it is appended to
 * sensor.c, so the file's types, statics and macros are in scope.
 * It assumes:
 *   - f points to one object with any contents, or is NULL
 *   - f->buf points to an array of 4 elements with any contents
 *   - f->len is at most 4, the elements f->buf points to (a pointer and its length)
 */
_Bool __VERIFIER_nondet_bool(void);
void *malloc(__SIZE_TYPE__);
void __VERIFIER_assume(int);
void prbmc_harness_frame_ok(void)
{
	frame_t *f = __VERIFIER_nondet_bool() ? 0 : malloc(sizeof *f);
	if (f) {
		*(void **)&(f[0].buf) = malloc(4 * sizeof *(f[0].buf));
		__VERIFIER_assume(f[0].len <= 4);
	}
	frame_ok(f);
}
