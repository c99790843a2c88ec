#include <stdio.h>
#include <string.h>

struct student { char name[10]; int grade; double gpa; };

static int cmp(const struct student *a, const struct student *b) {
    if (a->grade != b->grade) return a->grade - b->grade;
    if (a->gpa != b->gpa) return a->gpa > b->gpa ? -1 : 1;
    return strcmp(a->name, b->name);
}

static void isort(struct student *s, int n) {
    for (int i = 1; i < n; i++) {
        struct student key = s[i];
        int j = i - 1;
        while (j >= 0 && cmp(&s[j], &key) > 0) { s[j + 1] = s[j]; j--; }
        s[j + 1] = key;
    }
}

int main(void) {
    struct student s[] = {
        {"mia", 11, 3.5}, {"liam", 10, 3.9}, {"zoe", 12, 3.2}, {"ava", 11, 3.5},
        {"noah", 10, 3.1}, {"emma", 12, 3.8}, {"leo", 11, 3.75}, {"ivy", 10, 3.9},
    };
    int n = (int)(sizeof s / sizeof s[0]);
    isort(s, n);
    for (int i = 0; i < n; i++) printf("%d: %-5s grade=%d gpa=%.2f\n", i, s[i].name, s[i].grade, s[i].gpa);
    int ints[] = {9, -1, 8, -2, 7, -3, 0};
    int m = 7;
    for (int i = 1; i < m; i++) {
        int k = ints[i], j = i;
        while (j > 0 && ints[j - 1] > k) { ints[j] = ints[j - 1]; j--; }
        ints[j] = k;
    }
    for (int i = 0; i < m; i++) printf("%d%c", ints[i], i == m - 1 ? '\n' : ' ');
    double sum[3] = {0};
    int cnt[3] = {0};
    for (int i = 0; i < n; i++) { sum[s[i].grade - 10] += s[i].gpa; cnt[s[i].grade - 10]++; }
    for (int g = 0; g < 3; g++) printf("grade %d avg=%.3f\n", g + 10, sum[g] / cnt[g]);
    return 43;
}
