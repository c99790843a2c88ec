#include <stdio.h>
#include <stdint.h>
#include <limits.h>

static int32_t sat_add(int32_t a, int32_t b) {
    if (b > 0 && a > INT32_MAX - b) return INT32_MAX;
    if (b < 0 && a < INT32_MIN - b) return INT32_MIN;
    return a + b;
}
static int32_t sat_sub(int32_t a, int32_t b) {
    if (b < 0 && a > INT32_MAX + b) return INT32_MAX;
    if (b > 0 && a < INT32_MIN + b) return INT32_MIN;
    return a - b;
}
static uint8_t sat_u8_add(uint8_t a, uint8_t b) { unsigned s = (unsigned)a + b; return (uint8_t)(s > 255 ? 255 : s); }
static uint8_t sat_u8_sub(uint8_t a, uint8_t b) { return (uint8_t)(a > b ? a - b : 0); }
static int16_t sat16(int v) { return (int16_t)(v > INT16_MAX ? INT16_MAX : v < INT16_MIN ? INT16_MIN : v); }
static int32_t sat_mul(int32_t a, int32_t b) {
    int64_t p = (int64_t)a * b;
    return p > INT32_MAX ? INT32_MAX : p < INT32_MIN ? INT32_MIN : (int32_t)p;
}

int main(void) {
    int32_t xs[][2] = {{1, 2}, {INT32_MAX, 1}, {INT32_MIN, -1}, {2000000000, 2000000000}, {-5, INT32_MIN}, {100, -100}};
    for (int i = 0; i < 6; i++)
        printf("a=%d b=%d add=%d sub=%d mul=%d\n", xs[i][0], xs[i][1], sat_add(xs[i][0], xs[i][1]),
               sat_sub(xs[i][0], xs[i][1]), sat_mul(xs[i][0], xs[i][1]));
    uint8_t px[] = {0, 100, 200, 250, 255};
    for (int i = 0; i < 5; i++)
        printf("px=%3u +60=%3u -60=%3u\n", px[i], sat_u8_add(px[i], 60), sat_u8_sub(px[i], 60));
    int samples[] = {0, 32767, 32768, -32768, -40000, 100000, -1};
    for (int i = 0; i < 7; i++) printf("sat16(%d)=%d\n", samples[i], sat16(samples[i]));
    int32_t acc = 0;
    for (int i = 0; i < 10; i++) acc = sat_add(acc, 300000000);
    printf("acc=%d\n", acc);
    return 6;
}
