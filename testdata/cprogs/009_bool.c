#include <stdio.h>
#include <stdbool.h>

static bool is_even(int x) { return x % 2 == 0; }

int main(void) {
    bool t = true, f = false;
    _Bool b = 42;
    printf("t=%d f=%d b=%d\n", t, f, b);
    printf("sizeof bool=%zu\n", sizeof(bool));
    b = 0.5;
    printf("0.5 -> %d\n", b);
    b = -3;
    printf("-3 -> %d\n", b);
    bool n = !t;
    printf("!t=%d !!7=%d\n", n, !!7);
    int count = 0;
    for (int i = 0; i < 10; i++)
        count += is_even(i);
    printf("evens=%d\n", count);
    int tt = t + t;
    bool x = tt;
    printf("t+t=%d as int=%d\n", x, t + t);
    bool y = 256;
    printf("256 -> %d\n", y);
    unsigned char uc = 256 & 0xFF;
    bool z = uc;
    printf("uc=%d z=%d\n", uc, z);
    bool arr[5] = {1, 0, 1};
    for (int i = 0; i < 5; i++)
        printf("arr[%d]=%d\n", i, arr[i]);
    bool flag = false;
    flag |= is_even(3);
    printf("flag=%d\n", flag);
    flag |= is_even(4);
    printf("flag=%d\n", flag);
    flag = flag && (count > 4);
    printf("flag=%d\n", flag);
    b = t;
    b += 1;
    printf("b+=1 -> %d\n", b);
    return flag ? 5 : 6;
}
