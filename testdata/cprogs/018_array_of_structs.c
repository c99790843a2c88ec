#include <stdio.h>
#include <string.h>

struct emp { char name[12]; int age; double salary; };

int main(void) {
    struct emp staff[5] = {
        {"alice", 31, 5200.0}, {"bob", 45, 6100.5}, {"carol", 27, 4800.25},
        {"dave", 38, 5900.0}, {"eve", 52, 7300.75},
    };
    int n = (int)(sizeof staff / sizeof staff[0]);
    double total = 0;
    for (int i = 0; i < n; i++) {
        printf("%-6s %2d %9.2f\n", staff[i].name, staff[i].age, staff[i].salary);
        total += staff[i].salary;
    }
    printf("total=%.2f avg=%.2f\n", total, total / n);
    int oldest = 0;
    for (int i = 1; i < n; i++)
        if (staff[i].age > staff[oldest].age) oldest = i;
    printf("oldest=%s\n", staff[oldest].name);
    for (int i = 0; i < n; i++)
        for (int j = 0; j + 1 < n - i; j++)
            if (staff[j].age > staff[j + 1].age) {
                struct emp t = staff[j];
                staff[j] = staff[j + 1];
                staff[j + 1] = t;
            }
    for (int i = 0; i < n; i++)
        printf("sorted %d: %s %d\n", i, staff[i].name, staff[i].age);
    staff[2].age++;
    staff[2].name[0] = (char)(staff[2].name[0] - 32);
    printf("mod: %s %d\n", staff[2].name, staff[2].age);
    struct emp *p = &staff[4];
    p->salary *= 1.5;
    printf("raise: %s %.2f\n", p->name, p->salary);
    printf("sizeof=%zu strlen=%zu\n", sizeof staff[0].name, strlen(staff[1].name));
    return 31;
}
