#include <stdio.h>

#define SIZE 6
#define SQUARE(x) ((x) * (x))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define STR(x) #x
#define XSTR(x) STR(x)
#define CONCAT(a, b) a##b
#define SWAP(T, a, b) do { T tmp_ = (a); (a) = (b); (b) = tmp_; } while (0)
#define IS_ODD(n) ((n) & 1)
#define BAD_SQUARE(x) x * x
#define VERSION 3
#if VERSION >= 3
#define FEATURE "new"
#else
#define FEATURE "old"
#endif
#ifdef UNDEFINED_THING
#error should not happen
#endif
#define PRINT_INT(v) printf(#v " = %d\n", (v))

int main(void) {
    int arr[SIZE] = {4, 8, 15, 16, 23, 42};
    printf("len=%zu\n", ARRAY_LEN(arr));
    PRINT_INT(SQUARE(3 + 1));
    PRINT_INT(BAD_SQUARE(3 + 1));
    PRINT_INT(MAX(arr[2], arr[3]));
    PRINT_INT(MIN(-5, 3));
    printf("stringified: %s %s\n", STR(hello world), XSTR(SIZE));
    int CONCAT(my, var) = 99;
    PRINT_INT(myvar);
    int a = 1, b = 2;
    SWAP(int, a, b);
    printf("swapped a=%d b=%d\n", a, b);
    double x = 1.5, y = 2.5;
    SWAP(double, x, y);
    printf("swapped x=%.1f y=%.1f\n", x, y);
    int odd = 0;
    for (unsigned i = 0; i < ARRAY_LEN(arr); i++) odd += IS_ODD(arr[i]);
    PRINT_INT(odd);
    printf("feature=%s version=%d\n", FEATURE, VERSION);
    printf("line=%d\n", __LINE__);
#undef SIZE
#define SIZE 10
    PRINT_INT(SIZE);
    PRINT_INT(SQUARE(SIZE) - MAX(SIZE, 20));
    return 13;
}
