#include <stdio.h>
#include <string.h>

static const char *text =
    "it was the best of times it was the worst of times\n"
    "it was the age of wisdom it was the age of foolishness\n"
    "  and so on   and so forth\n";

struct wc { char word[16]; int count; };

int main(void) {
    int lines = 0, words = 0, chars = 0, in_word = 0;
    for (const char *p = text; *p; p++) {
        chars++;
        if (*p == '\n') lines++;
        if (*p == ' ' || *p == '\n' || *p == '\t') in_word = 0;
        else if (!in_word) { in_word = 1; words++; }
    }
    printf("lines=%d words=%d chars=%d\n", lines, words, chars);
    struct wc table[32];
    int n = 0;
    const char *p = text;
    while (*p) {
        while (*p == ' ' || *p == '\n') p++;
        if (!*p) break;
        char w[16];
        int len = 0;
        while (*p && *p != ' ' && *p != '\n') { if (len < 15) w[len++] = *p; p++; }
        w[len] = '\0';
        int i;
        for (i = 0; i < n; i++) if (strcmp(table[i].word, w) == 0) break;
        if (i == n) { strcpy(table[n].word, w); table[n].count = 0; n++; }
        table[i].count++;
    }
    printf("distinct=%d\n", n);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (table[j].count > table[i].count ||
                (table[j].count == table[i].count && strcmp(table[j].word, table[i].word) < 0)) {
                struct wc t = table[i]; table[i] = table[j]; table[j] = t;
            }
    for (int i = 0; i < n && i < 12; i++) printf("%-12s %d\n", table[i].word, table[i].count);
    int longest = 0;
    for (int i = 1; i < n; i++) if (strlen(table[i].word) > strlen(table[longest].word)) longest = i;
    printf("longest=%s\n", table[longest].word);
    return 16;
}
