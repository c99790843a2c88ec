/* prbmc harness for short_name (sensor.c:87), generated.
 * To adapt it, copy it to prbmc/harness/short_name.c: it is appended to
 * sensor.c, so the file's types, statics and macros are in scope.
 * It assumes:
 *   - s points to a NUL-terminated string of at most 3 characters
 */
void *malloc(__SIZE_TYPE__);
void prbmc_harness_short_name(void)
{
	const char *s = malloc(4);
	((char *)s)[3] = 0;
	short_name(s);
}
