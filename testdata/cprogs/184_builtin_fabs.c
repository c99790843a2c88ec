/* __builtin_fabs and __builtin_fabsf (csmith's safe_math.h uses fabs and
 * fabsf): the sign bit is cleared, including for negative zero. */
#include <stdio.h>
#include <string.h>

static double dmag(double x) { return __builtin_fabs(x); }
static float fmag(float x) { return __builtin_fabsf(x); }

int main(void) {
	double d[] = {-1.5, 0.0, -0.0, 3.25, -1e300, 1e-310, -123456.789};
	float f[] = {-2.5f, -0.0f, 7.0f, -1e-40f, 3.4e38f};
	int i, neg = 0;
	for (i = 0; i < 7; i++) {
		double m = dmag(d[i]);
		printf("fabs(%g) = %g, %s\n", d[i], m, m == -d[i] ? "negated" : "same");
		unsigned long long bits;
		memcpy(&bits, &m, sizeof bits);
		printf("  sign bit %d, high word %08x\n", (int)(bits >> 63), (unsigned)(bits >> 32));
	}
	for (i = 0; i < 5; i++) {
		float m = fmag(f[i]);
		printf("fabsf(%g) = %g\n", (double)f[i], (double)m);
		unsigned bits;
		memcpy(&bits, &m, sizeof bits);
		printf("  bits %08x\n", bits);
		neg += f[i] < 0.0f;
	}
	printf("%d negative floats\n", neg);
	return neg;
}
