#include <stdio.h>

static int round_half_up(double x) { return x >= 0 ? (int)(x + 0.5) : -(int)(-x + 0.5); }

int main(void) {
    double ds[] = {2.4, 2.5, 2.6, -2.4, -2.5, -2.6, 0.0, 99.999};
    for (int i = 0; i < 8; i++)
        printf("%.3f trunc=%d round=%d\n", ds[i], (int)ds[i], round_half_up(ds[i]));
    int ints[] = {1, -1, 1000000, 16777216, 33554432, -8388608};
    for (int i = 0; i < 6; i++)
        printf("%d -> float %.1f double %.1f\n", ints[i], (double)(float)ints[i], (double)ints[i]);
    unsigned u = 4294967295u;
    printf("u->double=%.1f\n", (double)u);
    float f = 3.75f;
    int fi = (int)f;
    unsigned fu = (unsigned)f;
    short fs = (short)(f * -100);
    printf("f=%d %u %d\n", fi, fu, fs);
    double frac = 7.0 / 3.0;
    long long scaled = (long long)(frac * 1000000);
    printf("scaled=%lld\n", scaled);
    printf("int div vs float: %d %.4f\n", 7 / 3, 7 / 3.0);
    double mix = 1 + 2 / 4 * 3.0;
    printf("mix=%f\n", mix);
    mix = 1 + 2 / 4.0 * 3;
    printf("mix2=%f\n", mix);
    float small = 1e-3f;
    int zero = (int)small;
    printf("zero=%d\n", zero);
    double dd = (float)0.1 - 0.1;
    printf("float rounding err nonzero=%d\n", dd != 0.0);
    char c = (char)65.9;
    printf("c=%c\n", c);
    unsigned char uc = (unsigned char)255.0;
    printf("uc=%u\n", uc);
    return 16;
}
