#include <stdio.h>
#include <string.h>

int main(void) {
    char a[32], b[32];
    strcpy(a, "hello");
    strcpy(b, "world");
    printf("len a=%zu b=%zu empty=%zu\n", strlen(a), strlen(b), strlen(""));
    printf("cmp a,b=%d\n", strcmp(a, b) < 0);
    printf("cmp b,a=%d\n", strcmp(b, a) > 0);
    printf("cmp a,a=%d\n", strcmp(a, "hello"));
    printf("cmp prefix=%d\n", strcmp("abc", "abcd") < 0);
    printf("cmp case=%d\n", strcmp("Zebra", "apple") < 0);
    size_t la = strlen(a);
    strcpy(a + la, ", ");
    strcpy(a + strlen(a), b);
    printf("concat=%s len=%zu\n", a, strlen(a));
    char c[8];
    memset(c, 'x', sizeof c);
    strncpy(c, "abc", sizeof c);
    printf("strncpy pad: ");
    for (int i = 0; i < 8; i++) printf("%d ", c[i]);
    printf("\n");
    char d[4];
    strncpy(d, "abcdefg", sizeof d);
    printf("strncpy trunc: %c%c%c%c\n", d[0], d[1], d[2], d[3]);
    char e[6];
    strncpy(e, "toolongstring", sizeof e - 1);
    e[sizeof e - 1] = '\0';
    printf("safe=%s\n", e);
    const char *words[] = {"pear", "apple", "fig", "banana", "cherry"};
    const char *minw = words[0];
    for (int i = 1; i < 5; i++) if (strcmp(words[i], minw) < 0) minw = words[i];
    printf("min=%s\n", minw);
    size_t total = 0;
    for (int i = 0; i < 5; i++) total += strlen(words[i]);
    printf("total len=%zu\n", total);
    char up[16];
    strcpy(up, "MiXeD");
    for (char *p = up; *p; p++) if (*p >= 'a' && *p <= 'z') *p = (char)(*p - 'a' + 'A');
    printf("upper=%s\n", up);
    printf("strcpy ret same=%d\n", strcpy(b, "x") == b);
    printf("b=%s\n", b);
    return 88;
}
