#include <stdio.h>

static int is_leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
static int days_in_month(int y, int m) {
    static const int d[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && is_leap(y) ? 29 : d[m - 1];
}
/* days since 1970-01-01 */
static long days_from_civil(int y, int m, int d) {
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400;
    long yoe = y - era * 400;
    long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}
static const char *weekday(long days) {
    static const char *n[] = {"Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"};
    long w = days % 7;
    return n[w < 0 ? w + 7 : w];
}

int main(void) {
    int ys[] = {1900, 2000, 2023, 2024, 2100};
    for (int i = 0; i < 5; i++) printf("%d leap=%d feb=%d\n", ys[i], is_leap(ys[i]), days_in_month(ys[i], 2));
    int dates[][3] = {{1970, 1, 1}, {2000, 1, 1}, {1969, 7, 20}, {2024, 2, 29}, {1900, 3, 1}, {2038, 1, 19}, {1600, 12, 31}};
    for (int i = 0; i < 7; i++) {
        long d = days_from_civil(dates[i][0], dates[i][1], dates[i][2]);
        printf("%04d-%02d-%02d days=%ld %s\n", dates[i][0], dates[i][1], dates[i][2], d, weekday(d));
    }
    printf("days 2000-01-01..2024-12-25 = %ld\n", days_from_civil(2024, 12, 25) - days_from_civil(2000, 1, 1));
    int y = 2024, m = 1, d = 31;
    for (int k = 0; k < 5; k++) {
        d += 30;
        while (d > days_in_month(y, m)) { d -= days_in_month(y, m); if (++m > 12) { m = 1; y++; } }
        printf("+30 -> %04d-%02d-%02d\n", y, m, d);
    }
    int fri13 = 0;
    for (int yy = 2000; yy < 2030; yy++)
        for (int mm = 1; mm <= 12; mm++) fri13 += weekday(days_from_civil(yy, mm, 13))[0] == 'F';
    printf("friday 13ths 2000-2029: %d\n", fri13);
    return 22;
}
