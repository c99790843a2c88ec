#include <stdio.h>

int x = 1;

static int get_global(void) { return x; }

int main(void) {
    printf("global x=%d\n", x);
    int x = 2;
    printf("local x=%d global via fn=%d\n", x, get_global());
    {
        int x = 3;
        printf("block x=%d\n", x);
        {
            int x = 4;
            x++;
            printf("inner x=%d\n", x);
        }
        printf("block x again=%d\n", x);
        x *= 10;
        printf("block x modified=%d\n", x);
    }
    printf("local x=%d\n", x);
    for (int x = 0; x < 3; x++) {
        int y = x * 2;
        printf("loop x=%d y=%d\n", x, y);
    }
    printf("after loop x=%d\n", x);
    int y = 100;
    for (int i = 0; i < 2; i++) {
        int y = i + 50;
        {
            double y = 1.5 * i;
            printf("double y=%.1f\n", y);
        }
        printf("int y=%d\n", y);
    }
    printf("outer y=%d\n", y);
    {
        extern int x;
        printf("extern x=%d\n", x);
        x = 9;
    }
    printf("local x=%d global=%d\n", x, get_global());
    if (1) { int x = -1; printf("if x=%d\n", x); }
    int z = x;
    { int x = z + 1; z = x * 2; }
    printf("z=%d\n", z);
    return 7;
}
