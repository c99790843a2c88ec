#include <stdio.h>

static int find_pair(int target, int *oi, int *oj) {
    int data[] = {3, 9, 14, 20, 25, 31};
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++)
            if (data[i] + data[j] == target) { *oi = i; *oj = j; goto found; }
    return 0;
found:
    return 1;
}

int main(void) {
    int i = 0;
back:
    printf("i=%d\n", i);
    i += 3;
    if (i < 12) goto back;
    printf("after backward loop i=%d\n", i);
    int x = 5;
    if (x > 3) goto skip;
    printf("not printed\n");
skip:
    printf("skipped forward\n");
    int a, b;
    for (int t = 30; t <= 46; t += 8) {
        if (find_pair(t, &a, &b)) printf("target %d: idx %d,%d\n", t, a, b);
        else printf("target %d: none\n", t);
    }
    int n = 0, acc = 0;
loop:
    if (n >= 10) goto done;
    if (n % 3 == 0) goto next;
    acc += n;
next:
    n++;
    goto loop;
done:
    printf("acc=%d n=%d\n", acc, n);
    int state = 0, steps = 0;
s0: steps++; if (state++ < 2) goto s1; goto end;
s1: steps += 10; goto s0;
end:
    printf("state=%d steps=%d\n", state, steps);
    return 64;
}
