#include <stdio.h>

int main(void) {
    for (int i = 1; i <= 5; i++) {
        for (int j = 1; j <= i; j++) printf("%3d", i * j);
        printf("\n");
    }
    int found_i = -1, found_j = -1;
    for (int i = 1; i < 20 && found_i < 0; i++)
        for (int j = i; j < 20; j++)
            if (i * i + j * j == 13 * 13) { found_i = i; found_j = j; break; }
    printf("pythag 13: %d %d\n", found_i, found_j);
    int count = 0;
    for (int i = 0; i < 10; i++) {
        if (i == 7) break;
        for (int j = 0; j < 10; j++) {
            if (j > i) break;
            if ((i + j) % 3 == 0) continue;
            count++;
        }
    }
    printf("count=%d\n", count);
    int primes = 0;
    for (int n = 2; n < 60; n++) {
        int is_p = 1;
        for (int d = 2; d * d <= n; d++)
            if (n % d == 0) { is_p = 0; break; }
        if (!is_p) continue;
        primes++;
        printf("%d ", n);
    }
    printf("\nprimes=%d\n", primes);
    int total = 0;
    for (int a = 0; a < 4; a++) {
        int b = 0;
        while (b < 4) {
            int c = 0;
            do {
                if (c == b) { c++; continue; }
                total += a * 100 + b * 10 + c;
                c++;
            } while (c < 3);
            b++;
        }
    }
    printf("total=%d\n", total);
    for (int r = 0; r < 4; r++) {
        for (int s = 0; s < 4 - r - 1; s++) putchar(' ');
        for (int s = 0; s < 2 * r + 1; s++) putchar('*');
        putchar('\n');
    }
    return 56;
}
