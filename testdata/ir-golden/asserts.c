/* the assertion forms: <assert.h>'s assert, SV-COMP's __VERIFIER_assert
 * (its standard definition becomes one Assert), reach_error, and a
 * user-defined checker of another shape that stays an ordinary call. */
#include <assert.h>

extern void abort(void);
void reach_error(void);

void __VERIFIER_assert(int cond) {
	if (!(cond)) {
	ERROR: {
		reach_error();
		abort();
	}
	}
	return;
}

void check(int c) {
	if (c == 42)
		reach_error();
}

int main(void) {
	int x = 3;
	assert(x == 3);
	__VERIFIER_assert(x > 0 && x < 10);
	check(x);
	if (x > 5)
		reach_error();
	return 0;
}
