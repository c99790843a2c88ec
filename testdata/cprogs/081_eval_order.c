#include <stdio.h>

static char log_buf[64];
static int log_len = 0;
static int t(char tag, int v) { log_buf[log_len++] = tag; log_buf[log_len] = '\0'; return v; }
static void reset(void) { log_len = 0; log_buf[0] = '\0'; }

int main(void) {
    reset();
    int r = t('a', 1) && t('b', 0) && t('c', 1);
    printf("&& r=%d order=%s\n", r, log_buf);
    reset();
    r = t('a', 0) || t('b', 0) || t('c', 2) || t('d', 3);
    printf("|| r=%d order=%s\n", r, log_buf);
    reset();
    r = (t('a', 1), t('b', 2), t('c', 3));
    printf(", r=%d order=%s\n", r, log_buf);
    reset();
    r = t('q', 0) ? t('y', 10) : t('n', 20);
    printf("?: r=%d order=%s\n", r, log_buf);
    reset();
    r = t('q', 5) ? t('y', 10) : t('n', 20);
    printf("?: r=%d order=%s\n", r, log_buf);
    reset();
    int x = t('1', 1);
    x += t('2', 2);
    x *= t('3', 3);
    printf("stmts x=%d order=%s\n", x, log_buf);
    reset();
    r = (t('a', 1) || t('b', 1)) && (t('c', 0) || t('d', 1));
    printf("mixed r=%d order=%s\n", r, log_buf);
    reset();
    r = !t('a', 0) && (t('b', 1) ? t('c', 0) || t('d', 4) : t('e', 5));
    printf("nested r=%d order=%s\n", r, log_buf);
    reset();
    for (int i = t('i', 0); t('c', i < 2); i += t('s', 1)) t('b', 0);
    printf("for order=%s\n", log_buf);
    reset();
    int k = 0;
    while (t('w', k < 2)) { k++; t('x', 0); }
    printf("while order=%s\n", log_buf);
    reset();
    do { t('d', 0); } while (t('c', 0));
    printf("do order=%s\n", log_buf);
    int i = 0;
    int arr[4] = {0};
    arr[i] = i + 1, i++, arr[i] = i + 10;
    printf("arr=%d %d i=%d\n", arr[0], arr[1], i);
    return 98;
}
