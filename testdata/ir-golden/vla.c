/* variable-length arrays: declaration, indexing, sizeof, a VLA in a loop
 * body (one block per iteration) and as a parameter's size. */
int fill(int n, int a[n]) {
	for (int i = 0; i < n; i++)
		a[i] = i * i;
	return a[n - 1];
}

int main(void) {
	int n = 4;
	int v[n];
	int r = fill(n, v);
	unsigned long sz = sizeof v;
	for (int k = 1; k < 3; k++) {
		char buf[k + 1];
		buf[k] = 0;
		r += (int)sizeof buf;
	}
	return r + (int)sz + v[2];
}
