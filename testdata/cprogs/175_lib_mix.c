#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec { char key[8]; int val; };

int main(void) {
    int vals[] = {-7, 3, -12, 0, 25, -1};
    int sum_abs = 0;
    for (int i = 0; i < 6; i++) sum_abs += abs(vals[i]);
    printf("sum abs=%d\n", sum_abs);
    long lv[] = {-100000L, 5L, -2L};
    long ls = 0;
    for (int i = 0; i < 3; i++) ls += labs(lv[i]);
    printf("sum labs=%ld\n", ls);
    puts("puts line one");
    puts("");
    puts("puts after empty");
    char name[8];
    strncpy(name, "abcdefghij", sizeof name - 1);
    name[sizeof name - 1] = '\0';
    printf("strncpy=%s\n", name);
    char pad[6];
    strncpy(pad, "hi", sizeof pad);
    printf("pad bytes: %d %d %d %d\n", pad[1], pad[2], pad[3], pad[5]);
    struct rec a = {"alpha", 1}, b;
    memset(&b, 0, sizeof b);
    memcpy(&b, &a, sizeof a);
    printf("memcmp copy=%d\n", memcmp(&a, &b, sizeof a));
    b.val = 2;
    printf("memcmp after change=%d\n", memcmp(&a, &b, sizeof a) < 0);
    int arr[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    memmove(arr + 2, arr, 4 * sizeof arr[0]);
    for (int i = 0; i < 8; i++) printf("%d ", arr[i]);
    putchar('\n');
    memmove(arr, arr + 4, 4 * sizeof arr[0]);
    for (int i = 0; i < 8; i++) printf("%d ", arr[i]);
    putchar('\n');
    char *dup = malloc(strlen(a.key) + 1);
    strcpy(dup, a.key);
    printf("dup=%s cmp=%d len=%zu\n", dup, strcmp(dup, a.key), strlen(dup));
    free(dup);
    exit(abs(-33));
}
