#include <stdio.h>

int main(void) {
    short s = -12345;
    unsigned short us = 54321;
    printf("s=%hd us=%hu\n", s, us);
    printf("sizeof short=%zu\n", sizeof(short));
    short t = (short)(s * 2);
    printf("s*2 narrowed=%hd\n", t);
    unsigned short u2 = (unsigned short)(us + 20000);
    printf("us+20000 narrowed=%hu\n", u2);
    int prod = us * 2;
    printf("us*2 (int)=%d\n", prod);
    unsigned short a = 200, b = 300;
    int p = a * b;
    printf("200*300=%d\n", p);
    unsigned short pw = (unsigned short)(a * b);
    printf("narrowed=%hu\n", pw);
    short neg = -1;
    unsigned short uneg = (unsigned short)neg;
    printf("(ushort)-1=%hu hex=%hx\n", uneg, uneg);
    short arr[6] = {1, -2, 3, -4, 5, -6};
    long acc = 0;
    for (int i = 0; i < 6; i++)
        acc += arr[i] * (i + 1);
    printf("acc=%ld\n", acc);
    s = 32767;
    s = (short)(s + 1);
    printf("32767+1 as short=%hd\n", s);
    us = 0;
    us--;
    printf("0-- as ushort=%hu\n", us);
    printf("shr: %d %d\n", (short)-256 >> 4, (unsigned short)65280 >> 4);
    return 11;
}
