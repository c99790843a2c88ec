#include <stdio.h>
#include <stddef.h>

static int counter = 0;
static int side(int v) { counter++; return v; }

int main(void) {
    int x = 0;
    if (x != 0 && side(10) / x > 1) printf("never\n");
    printf("after &&: counter=%d\n", counter);
    if (x == 0 || side(1)) printf("|| short: counter=%d\n", counter);
    int r1 = side(0) && side(1);
    printf("r1=%d counter=%d\n", r1, counter);
    int r2 = side(1) && side(2);
    printf("r2=%d counter=%d\n", r2, counter);
    int r3 = side(0) || side(0);
    printf("r3=%d counter=%d\n", r3, counter);
    int r4 = side(5) || side(0);
    printf("r4=%d counter=%d\n", r4, counter);
    int *p = NULL;
    if (p && *p == 3) printf("never\n");
    else printf("null guarded\n");
    int arr[3] = {1, 2, 3};
    int i = 0;
    while (i < 3 && arr[i] != 3) i++;
    printf("found at %d\n", i);
    int y = 5;
    int r5 = (y > 3 && y++ < 100) || y++;
    printf("r5=%d y=%d\n", r5, y);
    int r6 = (y < 3 && y++) || (y-- && 0);
    printf("r6=%d y=%d\n", r6, y);
    counter = 0;
    int r7 = side(1) && (side(0) || side(1)) && !side(0);
    printf("r7=%d counter=%d\n", r7, counter);
    int v = 2 || (counter = 100);
    printf("v=%d counter=%d\n", v, counter);
    int w = 0 && (counter = 100);
    printf("w=%d counter=%d\n", w, counter);
    printf("values: %d %d %d\n", 5 && 7, 0 || -3, !0 && !!4);
    return 46;
}
