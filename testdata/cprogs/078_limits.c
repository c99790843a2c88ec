#include <stdio.h>
#include <limits.h>
#include <stdint.h>
#include <float.h>

int main(void) {
    printf("CHAR_BIT=%d\n", CHAR_BIT);
    printf("SCHAR %d..%d UCHAR_MAX=%d\n", SCHAR_MIN, SCHAR_MAX, UCHAR_MAX);
    printf("CHAR %d..%d\n", CHAR_MIN, CHAR_MAX);
    printf("SHRT %d..%d USHRT_MAX=%d\n", SHRT_MIN, SHRT_MAX, USHRT_MAX);
    printf("INT_MIN=%d INT_MAX=%d\n", INT_MIN, INT_MAX);
    printf("UINT_MAX=%u\n", UINT_MAX);
    printf("LONG_MIN=%ld LONG_MAX=%ld\n", LONG_MIN, LONG_MAX);
    printf("ULONG_MAX=%lu\n", ULONG_MAX);
    printf("LLONG_MIN=%lld\n", LLONG_MIN);
    printf("LLONG_MAX=%lld\n", LLONG_MAX);
    printf("ULLONG_MAX=%llu\n", ULLONG_MAX);
    printf("INT8 %d %d INT16 %d %d\n", INT8_MIN, INT8_MAX, INT16_MIN, INT16_MAX);
    printf("UINT32_MAX=%u\n", UINT32_MAX);
    printf("INT64_MIN=%lld\n", (long long)INT64_MIN);
    printf("SIZE_MAX=%zu\n", SIZE_MAX);
    printf("hex INT_MIN=%x LLONG_MIN=%llx\n", (unsigned)INT_MIN, (unsigned long long)LLONG_MIN);
    printf("INT_MAX+INT_MIN=%d\n", INT_MAX + INT_MIN);
    printf("-(INT_MIN+1)=%d\n", -(INT_MIN + 1));
    printf("LLONG_MIN/2=%lld\n", LLONG_MIN / 2);
    printf("FLT_DIG=%d DBL_DIG=%d\n", FLT_DIG, DBL_DIG);
    printf("FLT_MANT_DIG=%d DBL_MANT_DIG=%d\n", FLT_MANT_DIG, DBL_MANT_DIG);
    printf("FLT_MAX=%e DBL_MAX=%e\n", (double)FLT_MAX, DBL_MAX);
    printf("FLT_EPSILON=%e DBL_EPSILON=%e\n", (double)FLT_EPSILON, DBL_EPSILON);
    printf("DBL_MIN=%e\n", DBL_MIN);
    printf("DBL_MAX_EXP=%d DBL_MIN_EXP=%d\n", DBL_MAX_EXP, DBL_MIN_EXP);
    return 92;
}
