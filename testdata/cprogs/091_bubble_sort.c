#include <stdio.h>

static void print(const char *tag, const int *a, int n) {
    printf("%-8s", tag);
    for (int i = 0; i < n; i++) printf(" %d", a[i]);
    printf("\n");
}

static int bubble(int *a, int n) {
    int swaps = 0;
    for (int i = 0; i < n - 1; i++) {
        int swapped = 0;
        for (int j = 0; j < n - 1 - i; j++)
            if (a[j] > a[j + 1]) {
                int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t;
                swaps++; swapped = 1;
            }
        if (!swapped) break;
    }
    return swaps;
}

static void bubble_desc_uc(unsigned char *a, int n) {
    for (int i = 0; i < n; i++)
        for (int j = n - 1; j > i; j--)
            if (a[j] > a[j - 1]) { unsigned char t = a[j]; a[j] = a[j - 1]; a[j - 1] = t; }
}

int main(void) {
    int a[] = {64, -3, 25, 12, 22, 11, 90, 0, -17, 45};
    int n = (int)(sizeof a / sizeof a[0]);
    print("before", a, n);
    int s = bubble(a, n);
    print("after", a, n);
    printf("swaps=%d\n", s);
    printf("swaps on sorted=%d\n", bubble(a, n));
    int rev[8];
    for (int i = 0; i < 8; i++) rev[i] = 8 - i;
    printf("swaps on reversed=%d\n", bubble(rev, 8));
    print("rev", rev, 8);
    unsigned char u[6] = {10, 200, 3, 255, 128, 7};
    bubble_desc_uc(u, 6);
    printf("desc:");
    for (int i = 0; i < 6; i++) printf(" %u", u[i]);
    printf("\n");
    int one[1] = {5};
    printf("single swaps=%d\n", bubble(one, 1));
    for (int i = 1; i < n; i++) if (a[i - 1] > a[i]) { printf("not sorted!\n"); return 1; }
    printf("verified\n");
    printf("min=%d max=%d median=%d\n", a[0], a[n - 1], a[n / 2]);
    return 17;
}
