#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int process(int n, int fail_at, int *out_sum) {
    int rc = -1;
    int *a = NULL, *b = NULL;
    char *name = NULL;
    a = malloc((size_t)n * sizeof *a);
    if (!a || fail_at == 1) goto out;
    for (int i = 0; i < n; i++) a[i] = i * i;
    b = calloc((size_t)n, sizeof *b);
    if (!b || fail_at == 2) goto out_a;
    for (int i = 0; i < n; i++) b[i] = a[n - 1 - i] - a[i];
    name = malloc(16);
    if (!name || fail_at == 3) goto out_b;
    strcpy(name, "processed");
    int s = 0;
    for (int i = 0; i < n; i++) s += b[i] * (i + 1);
    *out_sum = s;
    printf("  %s n=%d\n", name, n);
    rc = 0;
    free(name);
out_b:
    free(b);
out_a:
    free(a);
out:
    return rc;
}

static int parse_digits(const char *s, int *val) {
    int v = 0;
    if (!*s) goto empty;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') goto bad;
        v = v * 10 + (*s - '0');
    }
    *val = v;
    return 0;
bad:
    return 2;
empty:
    return 1;
}

int main(void) {
    for (int f = 0; f <= 3; f++) {
        int sum = -999;
        int rc = process(6, f, &sum);
        printf("fail_at=%d rc=%d sum=%d\n", f, rc, sum);
    }
    const char *in[] = {"123", "", "12a", "0", "98765"};
    for (int i = 0; i < 5; i++) {
        int v = -1;
        int rc = parse_digits(in[i], &v);
        printf("parse '%s' rc=%d v=%d\n", in[i], rc, v);
    }
    return 48;
}
