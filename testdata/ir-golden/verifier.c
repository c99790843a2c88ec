/* the __VERIFIER_* built-ins: nondeterministic values of several types,
 * assume, atomic sections, and a local read before it is written. */
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void *__VERIFIER_nondet_pointer(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int main(void) {
	int n = __VERIFIER_nondet_int();
	unsigned u = __VERIFIER_nondet_uint();
	char c = __VERIFIER_nondet_char();
	int uninit;
	__VERIFIER_assume(n > 0 && n < 100);
	__VERIFIER_atomic_begin();
	u = u % 7u + (unsigned)c;
	__VERIFIER_atomic_end();
	if (__VERIFIER_nondet_bool())
		uninit = 1;
	void *p = __VERIFIER_nondet_pointer();
	__VERIFIER_assert(n + 1 > n);
	return (int)u + uninit + (p != 0);
}
