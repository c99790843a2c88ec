#include <stdio.h>
#include <stdint.h>

union fbits { float f; uint32_t u; };
union dbits { double d; uint64_t u; uint32_t w[2]; };

static void showf(float f) {
    union fbits b;
    b.f = f;
    unsigned sign = b.u >> 31, exp = (b.u >> 23) & 0xFF, man = b.u & 0x7FFFFF;
    printf("%g -> %08x s=%u e=%u m=%06x\n", f, b.u, sign, exp, man);
}

int main(void) {
    float vals[] = {1.0f, -2.0f, 0.5f, 3.25f, 0.1f, 0.0f, -0.0f, 100.0f};
    for (int i = 0; i < 8; i++) showf(vals[i]);
    union fbits b;
    b.u = 0x40490fdbu;
    printf("from bits: %f\n", b.f);
    b.u = 0x3f800000u + (1u << 23);
    printf("exp+1: %f\n", b.f);
    union dbits d;
    d.d = 1.0;
    printf("1.0 = %016llx lo=%08x hi=%08x\n", (unsigned long long)d.u, d.w[0], d.w[1]);
    d.d = -0.375;
    printf("-0.375 = %016llx\n", (unsigned long long)d.u);
    d.u = 0x4000000000000000ull;
    printf("bits 0x40.. = %f\n", d.d);
    float x = 6.0f;
    b.f = x;
    b.u -= 1u << 23;
    printf("halved via exp: %f\n", b.f);
    printf("sizeof fbits=%zu dbits=%zu\n", sizeof(union fbits), sizeof(union dbits));
    return 67;
}
