/* string literals: shared read-only objects, indexing a literal, sizeof a
 * literal, escapes, concatenation, char arrays from strings, and calls of
 * output and string functions. */
int printf(const char *, ...);
int puts(const char *);
unsigned long strlen(const char *);

const char *greeting = "hello";

int main(void) {
	char buf[16] = "ab\tc\\";
	const char *s = "hello";
	int n = (int)strlen(s) + (int)sizeof "xyz" + "pqr"[1];
	printf("%s %d\n", greeting, n);
	puts("con" "cat");
	buf[0] = s[4];
	printf("%c%s\n", 'x', buf);
	return n;
}
