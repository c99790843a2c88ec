#include <stdio.h>
#include <string.h>

static size_t count_char(const char *s, char c) {
    size_t n = 0;
    for (; *s; s++) n += (*s == c);
    return n;
}

static const int table[5] = {2, 3, 5, 7, 11};
static const int *find(const int *arr, int n, int v) {
    for (int i = 0; i < n; i++) if (arr[i] == v) return &arr[i];
    return NULL;
}

int main(void) {
    int x = 10, y = 20;
    const int *pc = &x;
    printf("*pc=%d\n", *pc);
    pc = &y;
    printf("*pc=%d\n", *pc);
    int *const cp = &x;
    *cp = 11;
    printf("x=%d\n", x);
    const int *const cpc = &y;
    printf("cpc=%d\n", *cpc);
    const char *msg = "mississippi";
    printf("s=%zu i=%zu p=%zu\n", count_char(msg, 's'), count_char(msg, 'i'), count_char(msg, 'p'));
    const int *f = find(table, 5, 7);
    printf("found 7 at %ld\n", f ? (long)(f - table) : -1L);
    f = find(table, 5, 4);
    printf("found 4: %s\n", f ? "yes" : "no");
    char buf[16];
    strcpy(buf, msg + 4);
    printf("buf=%s\n", buf);
    const char *const names[] = {"one", "two", "three"};
    size_t total = 0;
    for (int i = 0; i < 3; i++) total += strlen(names[i]);
    printf("total=%zu\n", total);
    int arr[4] = {4, 3, 2, 1};
    const int *ro = arr;
    arr[0] = 40;
    printf("ro sees %d\n", ro[0]);
    int sum = 0;
    for (const int *it = ro; it < ro + 4; ++it) sum += *it;
    printf("sum=%d\n", sum);
    return 4;
}
