#include <stdio.h>
#include <stdlib.h>

static int budget = 40;

static void spend(int amount, const char *what) {
    budget -= amount;
    printf("spend %2d on %-8s left=%d\n", amount, what, budget);
    if (budget < 0) {
        printf("over budget by %d, exiting\n", -budget);
        exit(17);
    }
}

static int search(int depth, int target) {
    for (int i = 0; i < 5; i++) {
        int v = depth * 10 + i;
        if (v == target) {
            printf("found %d at depth %d index %d\n", v, depth, i);
            return 1;
        }
        if (depth < 3 && i == 2 && search(depth + 1, target)) return 1;
    }
    return 0;
}

int main(void) {
    printf("search 22 -> %d\n", search(0, 22));
    printf("search 99 -> %d\n", search(0, 99));
    const char *items[] = {"bread", "milk", "eggs", "cheese", "coffee", "tea", "fruit"};
    int costs[] = {5, 3, 8, 12, 9, 4, 6};
    for (int i = 0; i < 7; i++) spend(costs[i], items[i]);
    printf("not reached\n");
    return 0;
}
