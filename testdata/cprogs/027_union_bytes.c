#include <stdio.h>
#include <stdint.h>

union word { uint32_t v; uint16_t h[2]; uint8_t b[4]; };
union anyval { int i; char c; short s; long long ll; };

int main(void) {
    union word w;
    w.v = 0x11223344u;
    printf("v=%08x\n", w.v);
    printf("h0=%04x h1=%04x\n", w.h[0], w.h[1]);
    for (int i = 0; i < 4; i++) printf("b[%d]=%02x\n", i, w.b[i]);
    w.b[0] = 0xFF;
    printf("after b0=ff: %08x\n", w.v);
    w.h[1] = 0xABCD;
    printf("after h1: %08x\n", w.v);
    uint8_t t = w.b[0]; w.b[0] = w.b[3]; w.b[3] = t;
    t = w.b[1]; w.b[1] = w.b[2]; w.b[2] = t;
    printf("byteswapped: %08x\n", w.v);
    union anyval a;
    a.ll = -2;
    printf("i=%d c=%d s=%d ll=%lld\n", a.i, a.c, a.s, a.ll);
    a.ll = 0x0000000100000305LL;
    printf("after ll store: i=%d c=%d s=%d\n", a.i, a.c, a.s);
    printf("sizeof word=%zu anyval=%zu\n", sizeof w, sizeof a);
    union word arr[3];
    for (int i = 0; i < 3; i++) arr[i].v = 0x01010101u * (uint32_t)(i + 1);
    int sum = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++) sum += arr[i].b[j];
    printf("sum=%d\n", sum);
    union word cp = arr[2];
    printf("cp=%08x\n", cp.v);
    return 71;
}
