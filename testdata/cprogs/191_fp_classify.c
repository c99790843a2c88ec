/* <math.h> classification (gcc's __builtin_isnan, __builtin_isinf_sign,
   __builtin_fpclassify, ...) on zeros, denormals, normals, the largest
   values, infinities and NaNs, in float and double. */
#include <float.h>
#include <math.h>
#include <stdio.h>

static void dbl(const char *name, double x) {
#ifdef __LP64__
	int sb = signbit(x);
#else
	int sb = signbit(x) != 0;
#endif
	printf("%-6s nan %d inf %2d/%d fin %d nrm %d sb %d cls %d lt0 %d%d%d%d%d%d\n", name, isnan(x) != 0, isinf(x),
	       __builtin_isinf(x) != 0, isfinite(x) != 0, isnormal(x) != 0, sb, fpclassify(x),
	       isless(x, 0.0), islessequal(x, 0.0), isgreater(x, 0.0), isgreaterequal(x, 0.0), islessgreater(x, 0.0),
	       isunordered(x, 0.0));
}

static void flt(const char *name, float x) {
	printf("%-6s nan %d inf %2d/%d fin %d nrm %d sb %d cls %d lt1 %d%d%d\n", name, isnan(x) != 0, isinf(x),
	       __builtin_isinf(x) != 0, isfinite(x) != 0, isnormal(x) != 0, signbit(x), fpclassify(x),
	       isless(x, 1.0f), isgreater(x, 1.0f), isunordered(x, 1.0f));
}

int main(void) {
	volatile double zero = 0.0, one = 1.0;
	double nan = NAN, negnan = -nan;
	dbl("0", zero);
	dbl("-0", -zero);
	dbl("1", one);
	dbl("-1", -one);
	dbl("min", DBL_MIN);
	dbl("denorm", DBL_MIN / 4);
	dbl("-dnrm", -DBL_MIN / 1024);
	dbl("max", DBL_MAX);
	dbl("-max", -DBL_MAX);
	dbl("inf", INFINITY);
	dbl("-inf", -HUGE_VAL);
	dbl("nan", nan);
	dbl("-nan", negnan);
	dbl("0/0", zero / zero);
	float fz = 0.0f, fnan = NAN;
	flt("0", fz);
	flt("-0", -fz);
	flt("min", FLT_MIN);
	flt("denorm", FLT_MIN / 8);
	flt("max", FLT_MAX);
	flt("inf", HUGE_VALF);
	flt("-inf", -INFINITY);
	flt("nan", fnan);
	flt("-nan", -fnan);
	printf("%d %d %d\n", isinf(__builtin_inf()) + isinf(-__builtin_inff()), isnan(__builtin_nan("")) != 0, isnan(__builtin_nanf("")) != 0);
	printf("%d %d\n", FP_NAN + FP_INFINITE * 10 + FP_ZERO * 100, FP_SUBNORMAL + FP_NORMAL * 10);
	return 0;
}
