#include <stdio.h>
#include <string.h>

static void reverse(char *s) {
    size_t n = strlen(s);
    if (n < 2) return;
    for (char *a = s, *b = s + n - 1; a < b; a++, b--) { char t = *a; *a = *b; *b = t; }
}

static void reverse_range(char *a, char *b) {
    while (a < b) { char t = *a; *a++ = *b; *b-- = t; }
}

static void reverse_words(char *s) {
    reverse(s);
    char *w = s;
    for (char *p = s;; p++) {
        if (*p == ' ' || *p == '\0') {
            if (p > w) reverse_range(w, p - 1);
            if (*p == '\0') break;
            w = p + 1;
        }
    }
}

static int is_palindrome(const char *s) {
    size_t n = strlen(s);
    for (size_t i = 0; i < n / 2; i++) if (s[i] != s[n - 1 - i]) return 0;
    return 1;
}

static void rev_rec(const char *s) { if (*s) { rev_rec(s + 1); putchar(*s); } }

int main(void) {
    const char *inputs[] = {"", "a", "ab", "hello", "racecar", "Differential testing!"};
    for (int i = 0; i < 6; i++) {
        char buf[64];
        strcpy(buf, inputs[i]);
        reverse(buf);
        printf("'%s' -> '%s' pal=%d\n", inputs[i], buf, is_palindrome(inputs[i]));
    }
    char sentence[] = "the quick brown fox";
    reverse_words(sentence);
    printf("words: %s\n", sentence);
    char s2[] = "one  two three";
    reverse_words(s2);
    printf("words: %s\n", s2);
    puts("-- recursion --");
    printf("recursive: ");
    rev_rec("stressed");
    putchar('\n');
    char num[16] = "1234567";
    reverse_range(num + 1, num + 5);
    printf("partial=%s\n", num);
    return 29;
}
