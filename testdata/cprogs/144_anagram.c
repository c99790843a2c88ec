#include <stdio.h>
#include <string.h>

static int is_anagram(const char *a, const char *b) {
    int cnt[26] = {0};
    for (; *a; a++) if (*a >= 'a' && *a <= 'z') cnt[*a - 'a']++;
    for (; *b; b++) if (*b >= 'a' && *b <= 'z') cnt[*b - 'a']--;
    for (int i = 0; i < 26; i++) if (cnt[i]) return 0;
    return 1;
}

static void signature(const char *w, char *out) {
    int cnt[26] = {0};
    for (; *w; w++) cnt[*w - 'a']++;
    for (int i = 0; i < 26; i++) while (cnt[i]--) *out++ = (char)('a' + i);
    *out = '\0';
}

int main(void) {
    const char *pairs[][2] = {{"listen", "silent"}, {"triangle", "integral"}, {"apple", "papel"},
                              {"rat", "car"}, {"dormitory", "dirty room"}, {"abc", "abcc"}};
    for (int i = 0; i < 6; i++)
        printf("%s / %s -> %s\n", pairs[i][0], pairs[i][1], is_anagram(pairs[i][0], pairs[i][1]) ? "yes" : "no");
    const char *words[] = {"stop", "pots", "tops", "opts", "post", "spot", "cat", "act", "tac", "dog", "god", "odg", "bird"};
    int n = 13;
    char sig[13][8];
    for (int i = 0; i < n; i++) signature(words[i], sig[i]);
    int used[13] = {0};
    int groups = 0;
    for (int i = 0; i < n; i++) {
        if (used[i]) continue;
        groups++;
        printf("group %s:", sig[i]);
        for (int j = i; j < n; j++)
            if (!used[j] && strcmp(sig[i], sig[j]) == 0) { used[j] = 1; printf(" %s", words[j]); }
        printf("\n");
    }
    printf("groups=%d\n", groups);
    return 18;
}
