#include <stdio.h>
#include <stdint.h>

typedef int32_t fix16;
#define FRAC 16
#define ONE (1 << FRAC)

static fix16 from_int(int x) { return (fix16)(x * ONE); }
static fix16 fmul(fix16 a, fix16 b) { return (fix16)(((int64_t)a * b) / ONE); }
static fix16 fdiv(fix16 a, fix16 b) { return (fix16)(((int64_t)a * ONE) / b); }
static void show(const char *tag, fix16 v) {
    int neg = v < 0;
    uint32_t u = neg ? (uint32_t)(-(int64_t)v) : (uint32_t)v;
    uint32_t ip = u >> FRAC, fp = u & (ONE - 1);
    uint32_t dec = (uint32_t)(((uint64_t)fp * 10000) >> FRAC);
    printf("%-10s raw=%11d  %s%u.%04u\n", tag, v, neg ? "-" : "", ip, dec);
}
static fix16 fsqrt(fix16 x) {
    fix16 g = x > ONE ? x / 2 : ONE;
    for (int i = 0; i < 20; i++) g = (g + fdiv(x, g)) / 2;
    return g;
}

int main(void) {
    fix16 a = from_int(3) + ONE / 4;
    fix16 b = from_int(-2) - ONE / 2;
    show("a", a);
    show("b", b);
    show("a+b", a + b);
    show("a-b", a - b);
    show("a*b", fmul(a, b));
    show("a/b", fdiv(a, b));
    show("b/a", fdiv(b, a));
    show("sqrt2", fsqrt(from_int(2)));
    show("sqrt10", fsqrt(from_int(10)));
    fix16 acc = 0;
    for (int i = 1; i <= 10; i++) acc += fdiv(ONE, from_int(i));
    show("harmonic", acc);
    fix16 p = ONE;
    for (int i = 0; i < 10; i++) p = fmul(p, ONE + ONE / 10);
    show("1.1^10", p);
    int16_t q8 = (int16_t)(5 << 8 | 0x80);
    printf("q8.8=%d -> %d.%d\n", q8, q8 >> 8, (q8 & 0xFF) * 100 / 256);
    return 27;
}
