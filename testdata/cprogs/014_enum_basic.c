#include <stdio.h>

enum color { RED, GREEN, BLUE, NCOLORS };
enum level { LOW = -5, MID = 0, HIGH = 10, HIGHER, TOP = 100, AFTER_TOP };
typedef enum { F_READ = 1, F_WRITE = 2, F_EXEC = 4 } perm_t;

static const char *color_name(enum color c) {
    static const char *names[NCOLORS] = {"red", "green", "blue"};
    return (c >= RED && c < NCOLORS) ? names[c] : "?";
}

int main(void) {
    for (int i = RED; i < NCOLORS; i++)
        printf("%d=%s\n", i, color_name((enum color)i));
    printf("LOW=%d MID=%d HIGH=%d HIGHER=%d TOP=%d AFTER_TOP=%d\n",
           LOW, MID, HIGH, HIGHER, TOP, AFTER_TOP);
    enum level lv = LOW;
    printf("lv<MID %d\n", lv < MID);
    lv = HIGHER;
    printf("lv=%d\n", lv);
    perm_t p = F_READ | F_WRITE;
    printf("p=%d has write=%d has exec=%d\n", p, (p & F_WRITE) != 0, (p & F_EXEC) != 0);
    int mask = F_READ | F_WRITE | F_EXEC;
    printf("mask=%d\n", mask);
    printf("sizeof enum=%zu\n", sizeof(enum color));
    enum color c = BLUE;
    c = (enum color)(c - 1);
    printf("c=%s\n", color_name(c));
    int sum = 0;
    for (enum level l = LOW; l <= MID; l++)
        sum += l;
    printf("sum=%d\n", sum);
    printf("expr: %d\n", HIGH * 2 + LOW);
    enum { LOCAL_A = 'A', LOCAL_Z = 'Z' };
    printf("span=%d %c\n", LOCAL_Z - LOCAL_A, LOCAL_A + 2);
    return 19;
}
