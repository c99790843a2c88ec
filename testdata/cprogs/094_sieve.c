#include <stdio.h>
#include <string.h>
#include <stdbool.h>

#define LIMIT 200

int main(void) {
    bool composite[LIMIT + 1];
    memset(composite, 0, sizeof composite);
    composite[0] = composite[1] = true;
    for (int i = 2; i * i <= LIMIT; i++)
        if (!composite[i])
            for (int j = i * i; j <= LIMIT; j += i) composite[j] = true;
    int count = 0, line = 0;
    for (int i = 2; i <= LIMIT; i++) {
        if (composite[i]) continue;
        printf("%4d", i);
        count++;
        if (++line == 10) { printf("\n"); line = 0; }
    }
    if (line) printf("\n");
    printf("count=%d\n", count);
    int twins = 0;
    for (int i = 3; i + 2 <= LIMIT; i += 2)
        if (!composite[i] && !composite[i + 2]) twins++;
    printf("twin pairs=%d\n", twins);
    int maxgap = 0, gstart = 0, prev = 2;
    for (int i = 3; i <= LIMIT; i++)
        if (!composite[i]) {
            if (i - prev > maxgap) { maxgap = i - prev; gstart = prev; }
            prev = i;
        }
    printf("max gap=%d after %d\n", maxgap, gstart);
    unsigned char phi_small[31];
    for (int i = 0; i <= 30; i++) phi_small[i] = (unsigned char)i;
    for (int p = 2; p <= 30; p++)
        if (phi_small[p] == p)
            for (int k = p; k <= 30; k += p) phi_small[k] = (unsigned char)(phi_small[k] - phi_small[k] / p);
    printf("phi:");
    for (int i = 1; i <= 30; i++) printf(" %u", phi_small[i]);
    printf("\n");
    long sum = 0;
    for (int i = 2; i <= LIMIT; i++) if (!composite[i]) sum += i;
    printf("sum=%ld\n", sum);
    return count % 100;
}
