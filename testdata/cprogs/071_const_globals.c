#include <stdio.h>

const int MAX_ITEMS = 8;
const double PI_APPROX = 3.14159;
const char GREETING[] = "hello, const";
static const unsigned short PRIMES[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29};
const struct unit { const char *name; int factor; } UNITS[] = {
    {"mm", 1}, {"cm", 10}, {"m", 1000}, {"km", 1000000},
};
const char *const WEEK[7] = {"Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"};
static const int SQUARES[5] = {0, 1, 4, 9, 16};

static int convert(int mm, const char *unit) {
    for (unsigned i = 0; i < sizeof UNITS / sizeof UNITS[0]; i++) {
        const char *a = UNITS[i].name, *b = unit;
        while (*a && *a == *b) { a++; b++; }
        if (*a == *b) return mm / UNITS[i].factor;
    }
    return -1;
}

int main(void) {
    printf("MAX_ITEMS=%d PI=%.5f\n", MAX_ITEMS, PI_APPROX);
    printf("%s (%zu bytes)\n", GREETING, sizeof GREETING);
    int s = 0;
    for (unsigned i = 0; i < sizeof PRIMES / sizeof PRIMES[0]; i++) s += PRIMES[i];
    printf("sum primes=%d\n", s);
    printf("area r=2: %.4f\n", PI_APPROX * 2 * 2);
    int d = 2500000;
    printf("%d mm = %d cm = %d m = %d km, bad=%d\n", d, convert(d, "cm"), convert(d, "m"),
           convert(d, "km"), convert(d, "ft"));
    for (int i = 0; i < 7; i++) printf("%s%c", WEEK[i], i == 6 ? '\n' : ' ');
    for (int i = 0; i < 5; i++) printf("sq[%d]=%d\n", i, SQUARES[i]);
    const int local_c = MAX_ITEMS * 2;
    printf("local_c=%d GREETING[7]=%c\n", local_c, GREETING[7]);
    for (unsigned i = 0; i < 4; i++) printf("unit %s x%d\n", UNITS[i].name, UNITS[i].factor);
    return 78;
}
