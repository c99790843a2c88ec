#include <stdio.h>

static int days_before_month(int m) {
    int d = 0;
    switch (m) {
    case 12: d += 30; /* fallthrough */
    case 11: d += 31; /* fallthrough */
    case 10: d += 30; /* fallthrough */
    case 9: d += 31; /* fallthrough */
    case 8: d += 31; /* fallthrough */
    case 7: d += 30; /* fallthrough */
    case 6: d += 31; /* fallthrough */
    case 5: d += 30; /* fallthrough */
    case 4: d += 31; /* fallthrough */
    case 3: d += 28; /* fallthrough */
    case 2: d += 31; /* fallthrough */
    case 1: break;
    default: d = -1;
    }
    return d;
}

static void duff_copy(char *to, const char *from, int count) {
    int n = (count + 3) / 4;
    switch (count % 4) {
    case 0: do { *to++ = *from++; /* fallthrough */
    case 3: *to++ = *from++; /* fallthrough */
    case 2: *to++ = *from++; /* fallthrough */
    case 1: *to++ = *from++;
            } while (--n > 0);
    }
}

int main(void) {
    for (int m = 0; m <= 13; m++) printf("month %d: %d\n", m, days_before_month(m));
    char dst[16] = {0};
    duff_copy(dst, "duff's device!", 14);
    printf("dst=%s\n", dst);
    char d2[8] = {0};
    duff_copy(d2, "abcde", 5);
    printf("d2=%s\n", d2);
    int score = 0;
    for (int c = 'a'; c <= 'f'; c++) {
        switch (c) {
        case 'a': case 'e': score += 1;  /* fallthrough */
        case 'b': score += 10; break;
        case 'c': score += 100; /* fallthrough */
        default: score += 1000;
        }
    }
    printf("score=%d\n", score);
    return 58;
}
