#include <stdio.h>
#include <string.h>

static void caesar(char *s, int k) {
    k = ((k % 26) + 26) % 26;
    for (; *s; s++) {
        if (*s >= 'a' && *s <= 'z') *s = (char)('a' + (*s - 'a' + k) % 26);
        else if (*s >= 'A' && *s <= 'Z') *s = (char)('A' + (*s - 'A' + k) % 26);
    }
}

static void vigenere(char *s, const char *key, int dir) {
    size_t kl = strlen(key), j = 0;
    for (; *s; s++) {
        if (*s < 'a' || *s > 'z') continue;
        int k = key[j++ % kl] - 'a';
        *s = (char)('a' + ((*s - 'a') + dir * k + 26) % 26);
    }
}

int main(void) {
    char msg[] = "The Quick Brown Fox Jumps Over The Lazy Dog.";
    int shifts[] = {1, 3, 13, -1, 25, 52, -27};
    for (int i = 0; i < 7; i++) {
        char buf[64];
        strcpy(buf, msg);
        caesar(buf, shifts[i]);
        printf("shift %3d: %s\n", shifts[i], buf);
    }
    char r[64];
    strcpy(r, msg);
    caesar(r, 13);
    caesar(r, 13);
    printf("rot13 twice same=%d\n", strcmp(r, msg) == 0);
    char v[] = "attack at dawn";
    vigenere(v, "lemon", 1);
    printf("vigenere=%s\n", v);
    vigenere(v, "lemon", -1);
    printf("decoded=%s\n", v);
    int freq[26] = {0};
    for (const char *p = msg; *p; p++) {
        char c = *p;
        if (c >= 'A' && c <= 'Z') c = (char)(c + 32);
        if (c >= 'a' && c <= 'z') freq[c - 'a']++;
    }
    int top = 0;
    for (int i = 1; i < 26; i++) if (freq[i] > freq[top]) top = i;
    printf("most common=%c (%d)\n", 'a' + top, freq[top]);
    return 65;
}
