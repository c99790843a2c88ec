/* for, while and do-while loops with break and continue; break and
 * continue end the lifetime of the block's locals (dead) as they leave. */
int sum(int n) {
	int s = 0;
	for (int i = 0; i < n; i++) {
		int sq = i * i;
		if (sq % 3 == 0)
			continue;
		if (s > 100)
			break;
		s += i;
	}
	return s;
}

int count(unsigned x) {
	int c = 0;
	while (x) {
		c += x & 1;
		x >>= 1;
	}
	do {
		c--;
	} while (c > 10);
	return c;
}

int main(void) {
	int r = sum(10) + count(255u);
	for (;;)
		if (r-- < 0)
			break;
	return r;
}
