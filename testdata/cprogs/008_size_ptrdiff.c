#include <stdio.h>
#include <stddef.h>

struct rec { char tag; int val; double d; };

int main(void) {
    int arr[20];
    for (size_t i = 0; i < sizeof arr / sizeof arr[0]; i++)
        arr[i] = (int)(i * i);
    size_t n = sizeof arr / sizeof *arr;
    printf("n=%zu bytes=%zu\n", n, sizeof arr);
    int *p = &arr[3], *q = &arr[17];
    ptrdiff_t d = q - p;
    ptrdiff_t e = p - q;
    printf("d=%ld e=%ld\n", (long)d, (long)e);
    printf("*p=%d *q=%d\n", *p, *q);
    printf("sizeof ptrdiff_t=%zu size_t=%zu\n", sizeof(ptrdiff_t), sizeof(size_t));
    size_t z = 0;
    z = z - 1;
    printf("size_t max is %s\n", z == (size_t)-1 ? "all ones" : "??");
    printf("z%%1000=%zu\n", z % 1000);
    printf("offsetof tag=%zu val=%zu d=%zu\n", offsetof(struct rec, tag),
           offsetof(struct rec, val), offsetof(struct rec, d));
    size_t total = 0;
    for (size_t i = n; i-- > 0;)
        total += (size_t)arr[i];
    printf("total=%zu\n", total);
    char buf[64];
    char *a = buf + 10, *b = buf + 50;
    printf("b-a=%ld\n", (long)(b - a));
    size_t half = n / 2;
    printf("half=%zu mid=%d\n", half, arr[half]);
    ptrdiff_t neg = -5;
    printf("neg=%ld\n", (long)neg);
    printf("%zx %zu\n", (size_t)255, sizeof(struct rec) >= 13 ? (size_t)1 : (size_t)0);
    return 21;
}
