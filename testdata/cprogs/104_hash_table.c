#include <stdio.h>
#include <string.h>
#include <stdint.h>

#define SLOTS 16
struct entry { char key[12]; int value; int used; };
static struct entry table[SLOTS];
static int probes_total;

static uint32_t hash(const char *s) {
    uint32_t h = 2166136261u;
    while (*s) { h ^= (unsigned char)*s++; h *= 16777619u; }
    return h;
}

static int put(const char *k, int v) {
    uint32_t i = hash(k) % SLOTS;
    for (int n = 0; n < SLOTS; n++, i = (i + 1) % SLOTS) {
        probes_total++;
        if (!table[i].used) { strcpy(table[i].key, k); table[i].value = v; table[i].used = 1; return 1; }
        if (strcmp(table[i].key, k) == 0) { table[i].value = v; return 0; }
    }
    return -1;
}

static int get(const char *k, int *out) {
    uint32_t i = hash(k) % SLOTS;
    for (int n = 0; n < SLOTS && table[i].used; n++, i = (i + 1) % SLOTS)
        if (strcmp(table[i].key, k) == 0) { *out = table[i].value; return 1; }
    return 0;
}

int main(void) {
    const char *words[] = {"apple", "banana", "cherry", "date", "elder", "fig", "grape", "apple", "kiwi", "fig"};
    for (int i = 0; i < 10; i++) {
        int r = put(words[i], i * 10);
        printf("put %-7s -> %s\n", words[i], r == 1 ? "new" : r == 0 ? "updated" : "full");
    }
    const char *q[] = {"apple", "fig", "kiwi", "lemon", "date"};
    for (int i = 0; i < 5; i++) {
        int v;
        if (get(q[i], &v)) printf("get %s = %d\n", q[i], v);
        else printf("get %s missing\n", q[i]);
    }
    int used = 0;
    for (int i = 0; i < SLOTS; i++) used += table[i].used;
    printf("used=%d probes=%d\n", used, probes_total);
    for (int i = 0; i < SLOTS; i++) if (table[i].used) printf("slot %2d: %s\n", i, table[i].key);
    return 39;
}
