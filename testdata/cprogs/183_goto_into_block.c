/* Jumps into a block past its declarations: the block's objects live from
 * every entry into the block, even after an earlier exit ended them. */
#include <stdio.h>

static int via_goto(void) {
	int n = 0, round = 0;
	goto inside;
	{
		int k;
		int *p;
inside:
		p = &k;
		*p = round * 10;
		n += k;
		printf("goto round %d: k=%d n=%d\n", round, k, n);
	}
	if (++round < 4)
		goto inside;
	return n;
}

static int via_case(int n) {
	int total = 0, x;
	for (x = 0; x < n; x++) {
		switch (x % 3) {
			int w;
			int *pw;
		case 0:
			pw = &w;
			*pw = x;
			total += w;
			/* fall through */
		case 1:
			pw = &w;
			*pw = 2 * x;
			total += *pw;
			break;
		default:
			total -= x;
		}
		printf("via_case x=%d: total=%d\n", x, total);
	}
	return total;
}

static int out_and_back(int limit) {
	int sum = 0, i = 0;
again:
	{
		int cell = i;
		int *pc = &cell;
		if (*pc >= limit)
			goto done;
		sum += *pc;
		i++;
		goto again;
	}
done:
	return sum;
}

int main(void) {
	int i;
	printf("via_goto: %d\n", via_goto());
	printf("via_case: %d\n", via_case(7));
	for (i = 0; i < 4; i++)
		printf("out_and_back(%d) = %d\n", i * 3, out_and_back(i * 3));
	return 0;
}
