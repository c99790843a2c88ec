#include <stdio.h>

/* Multi-dimensional variable-length arrays: locals with variable and fixed
   dimensions mixed, VLA parameters (int a[n][m], long a[][m][k]), pointers
   to rows and their arithmetic, sizeof of arrays, rows and types, a
   typedef evaluated at its declaration, a VLA in a loop body. */
struct pt { int x, y; };
static int total(int n, int m, int a[n][m])
{
	int s = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			s += a[i][j];
	return s + (int)sizeof *a + (int)sizeof a[0][0];
}
static void scale(int n, int m, int k, long a[][m][k])
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			for (int l = 0; l < k; l++)
				a[i][j][l] *= 2;
}
int main(void)
{
	int n = 3, m = 4;
	int a[n][3];
	int b[2][m];
	for (int i = 0; i < n; i++) for (int j = 0; j < 3; j++) a[i][j] = i + j;
	for (int i = 0; i < 2; i++) for (int j = 0; j < m; j++) b[i][j] = i * j;
	printf("%d %d %zu %zu %zu %zu\n", a[2][2], b[1][3], sizeof a, sizeof a[1], sizeof b, sizeof b[1]);
	printf("%d %d\n", total(n, 3, a), total(2, m, b));
	int fixed[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } };
	printf("%d\n", total(2, 3, fixed));
	typedef int row[m];
	m = 10;
	row r;
	r[3] = 9;
	printf("%zu %zu %d\n", sizeof(row), sizeof r, r[3]);
	long c[2][n][m - 8];
	for (int i = 0; i < 2; i++) for (int j = 0; j < n; j++) for (int l = 0; l < m - 8; l++) c[i][j][l] = i * 100 + j * 10 + l;
	scale(2, n, m - 8, c);
	printf("%ld %ld %zu %zu\n", c[1][2][1], c[0][1][0], sizeof c, sizeof(long[n][m]));
	int (*p)[3] = a;
	int (*q)[m - 6] = b;
	q++;
	p += 2;
	printf("%d %d %ld %ld\n", p[0][1], (*q)[3], (long)(p - a), (long)(q - b));
	q--; --q; ++q;
	printf("%d %d\n", q[1][2], *(*(q + 1) + 3));
	int (*w)[2][m - 6] = &b;
	printf("%d %zu %zu\n", (*w)[1][2], sizeof *w, sizeof **w);
	struct pt g[n][m];
	g[2][9].y = 7;
	g[2][9].x = g[2][9].y * 3;
	printf("%d %zu\n", g[2][9].x, sizeof g[2]);
	int k = 5;
	int ok = (k < n && a[k][0] > 0) || (k >= n ? 1 : a[k][1]);
	printf("%d\n", ok);
	for (int it = 1; it <= 3; it++) {
		char buf[it][it + 1];
		buf[it - 1][it] = 'a' + it;
		printf("%c %zu %zu\n", buf[it - 1][it], sizeof buf, sizeof buf[0]);
	}
	int *flat = &a[0][0];
	printf("%d %d %d\n", flat[5], *(a[1] + 2), (*a)[1]);
	return (int)sizeof b % 100;
}
