#include <stdio.h>
#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>

struct s1 { char c; int i; };
struct s2 { char a, b; short s; };
struct s3 { double d; char c; };
struct s4 { char c; long long ll; char d; };
union u1 { char c[5]; int i; };
enum e1 { E1A, E1B };

int main(void) {
    printf("char=%zu short=%zu int=%zu long=%zu llong=%zu\n", sizeof(char), sizeof(short),
           sizeof(int), sizeof(long), sizeof(long long));
    printf("float=%zu double=%zu bool=%zu\n", sizeof(float), sizeof(double), sizeof(bool));
    printf("ptr=%zu size_t=%zu ptrdiff=%zu\n", sizeof(void *), sizeof(size_t), sizeof(ptrdiff_t));
    printf("int8=%zu int16=%zu int32=%zu int64=%zu\n", sizeof(int8_t), sizeof(int16_t),
           sizeof(int32_t), sizeof(int64_t));
    printf("intptr=%zu uintmax=%zu\n", sizeof(intptr_t), sizeof(uintmax_t));
    printf("s1=%zu s2=%zu s3=%zu s4=%zu\n", sizeof(struct s1), sizeof(struct s2),
           sizeof(struct s3), sizeof(struct s4));
    printf("off s4.ll=%zu s4.d=%zu\n", offsetof(struct s4, ll), offsetof(struct s4, d));
    printf("off s3.c=%zu\n", offsetof(struct s3, c));
    printf("u1=%zu enum=%zu\n", sizeof(union u1), sizeof(enum e1));
    printf("int[10]=%zu char[3][7]=%zu\n", sizeof(int[10]), sizeof(char[3][7]));
    printf("struct s1[4]=%zu\n", sizeof(struct s1[4]));
    printf("int*=%zu double*=%zu char**=%zu\n", sizeof(int *), sizeof(double *), sizeof(char **));
    printf("uint8 ptr=%zu\n", sizeof(uint8_t *));
    printf("unsigned=%zu ulong=%zu\n", sizeof(unsigned), sizeof(unsigned long));
    int total = (int)(sizeof(struct s1) + sizeof(struct s2) + sizeof(struct s3));
    return total;
}
