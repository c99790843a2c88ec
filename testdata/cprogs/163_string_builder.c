#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { char *buf; size_t len, cap; int grows; } sb;

static void sb_reserve(sb *s, size_t need) {
    if (s->len + need + 1 <= s->cap) return;
    size_t nc = s->cap ? s->cap : 8;
    while (s->len + need + 1 > nc) nc *= 2;
    char *nb = malloc(nc);
    if (s->buf) { memcpy(nb, s->buf, s->len + 1); free(s->buf); } else nb[0] = '\0';
    s->buf = nb;
    s->cap = nc;
    s->grows++;
}
static void sb_puts(sb *s, const char *t) {
    size_t n = strlen(t);
    sb_reserve(s, n);
    memcpy(s->buf + s->len, t, n + 1);
    s->len += n;
}
static void sb_putc(sb *s, char c) { sb_reserve(s, 1); s->buf[s->len++] = c; s->buf[s->len] = '\0'; }
static void sb_putint(sb *s, long v) {
    char tmp[24];
    int n = 0;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do { tmp[n++] = (char)('0' + u % 10); u /= 10; } while (u);
    if (v < 0) sb_putc(s, '-');
    while (n) sb_putc(s, tmp[--n]);
}

int main(void) {
    sb s = {NULL, 0, 0, 0};
    sb_puts(&s, "list:");
    for (int i = -3; i <= 12; i++) { sb_putc(&s, ' '); sb_putint(&s, (long)i * i * i); }
    printf("%s\n", s.buf);
    printf("len=%zu cap=%zu grows=%d\n", s.len, s.cap, s.grows);
    sb t = {NULL, 0, 0, 0};
    for (int i = 0; i < 10; i++) {
        sb_puts(&t, i ? "," : "[");
        sb_putint(&t, 1L << (i * 3));
        printf("step %d len=%zu cap=%zu\n", i, t.len, t.cap);
    }
    sb_putc(&t, ']');
    printf("%s\n", t.buf);
    sb_putint(&t, -2147483647L - 1);
    printf("tail=%s\n", t.buf + t.len - 11);
    free(s.buf);
    free(t.buf);
    exit(56);
}
