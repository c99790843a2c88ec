#include <stdio.h>

struct big { int a[10]; char tag; };

int main(void) {
    int i = 0;
    char c = 'x';
    short s = 3;
    double d = 1.0;
    printf("sizeof i=%zu c=%zu s=%zu d=%zu\n", sizeof i, sizeof c, sizeof s, sizeof d);
    printf("sizeof c+1=%zu (int promotion)\n", sizeof(c + 1));
    printf("sizeof s*s=%zu\n", sizeof(s * s));
    printf("sizeof i+d=%zu\n", sizeof(i + d));
    printf("sizeof 'a'=%zu\n", sizeof 'a');
    printf("sizeof 1L=%zu 1LL=%zu 1.0f=%zu 1.0=%zu\n", sizeof 1L, sizeof 1LL, sizeof 1.0f, sizeof 1.0);
    printf("sizeof i++=%zu, i still %d\n", sizeof(i++), i);
    int arr[7];
    printf("arr=%zu elems=%zu\n", sizeof arr, sizeof arr / sizeof arr[0]);
    int *p = arr;
    printf("p=%zu *p=%zu\n", sizeof p, sizeof *p);
    struct big b;
    printf("b=%zu b.a=%zu b.a[0]=%zu b.tag=%zu\n", sizeof b, sizeof b.a, sizeof b.a[0], sizeof b.tag);
    struct big *bp = &b;
    printf("bp->a=%zu\n", sizeof bp->a);
    printf("sizeof (c ? s : d)=%zu\n", sizeof(c ? s : d));
    printf("sizeof !c=%zu\n", sizeof !c);
    printf("sizeof \"hello\"=%zu\n", sizeof "hello");
    unsigned char uc = 1;
    printf("sizeof ~uc=%zu -uc=%zu\n", sizeof ~uc, sizeof -uc);
    printf("sizeof (uc,d)=%zu\n", sizeof(uc, d));
    printf("sizeof 1u<<3=%zu\n", sizeof(1u << 3));
    long l = 0;
    printf("sizeof i+l=%zu\n", sizeof(i + l));
    printf("sizeof arr[0]*2.0f=%zu\n", sizeof(arr[0] * 2.0f));
    int m[3][5];
    printf("m=%zu m[1]=%zu\n", sizeof m, sizeof m[1]);
    return 12;
}
