#include <stdio.h>
#include <string.h>

static int count_vowels(const char *s) {
    int n = 0;
    for (; *s; s++)
        switch (*s) { case 'a': case 'e': case 'i': case 'o': case 'u': n++; }
    return n;
}

int main(void) {
    char arr[] = "hello";
    const char *ptr = "hello";
    printf("sizeof arr=%zu strlen=%zu sizeof \"abc\"=%zu\n", sizeof arr, strlen(arr), sizeof "abc");
    printf("sizeof ptr==sizeof(char*) %d\n", sizeof ptr == sizeof(char *));
    arr[0] = 'j';
    printf("arr=%s ptr=%s\n", arr, ptr);
    printf("index: %c %c %c\n", "xyz"[1], ptr[4], *("abc" + 2));
    printf("vowels=%d %d\n", count_vowels("programming language"), count_vowels(arr));
    const char *concat = "abc" "def" "ghi";
    printf("concat=%s len=%zu\n", concat, strlen(concat));
    printf("escapes: [\t] [\\] [\"] [\x41] [\101] [%d]\n", '\n');
    char nul[] = "ab\0cd";
    printf("sizeof nul=%zu strlen=%zu after=%s\n", sizeof nul, strlen(nul), nul + 3);
    const char *days[] = {"Mon", "Tue", "Wed", "Thu", "Fri"};
    for (int i = 0; i < 5; i++) printf("%s%s", days[i], i < 4 ? "," : "\n");
    printf("%s\n", "literal" + 3);
    printf("%.3s|%-8s|%8s|\n", "truncate", "left", "right");
    char grid[][4] = {"ab", "cde", ""};
    printf("rows=%zu lens %zu %zu %zu\n", sizeof grid / sizeof grid[0], strlen(grid[0]), strlen(grid[1]), strlen(grid[2]));
    puts("puts adds newline");
    unsigned h = 0;
    for (const char *p = "hash me"; *p; p++) h = h * 31u + (unsigned char)*p;
    printf("h=%u\n", h);
    printf("cmp literal=%d\n", strcmp("apple", "apricot") < 0);
    return 10;
}
