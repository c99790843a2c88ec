#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define NBITS 200
#define WORDS ((NBITS + 31) / 32)
typedef struct { uint32_t w[WORDS]; } bitset;

static void bs_set(bitset *b, unsigned i) { b->w[i / 32] |= 1u << (i % 32); }
static void bs_clear(bitset *b, unsigned i) { b->w[i / 32] &= ~(1u << (i % 32)); }
static int bs_test(const bitset *b, unsigned i) { return (b->w[i / 32] >> (i % 32)) & 1; }
static int bs_count(const bitset *b) {
    int c = 0;
    for (int i = 0; i < WORDS; i++) for (uint32_t x = b->w[i]; x; x &= x - 1) c++;
    return c;
}
static bitset bs_and(bitset a, const bitset *b) { for (int i = 0; i < WORDS; i++) a.w[i] &= b->w[i]; return a; }
static bitset bs_or(bitset a, const bitset *b) { for (int i = 0; i < WORDS; i++) a.w[i] |= b->w[i]; return a; }

int main(void) {
    bitset mult3, mult5;
    memset(&mult3, 0, sizeof mult3);
    memset(&mult5, 0, sizeof mult5);
    for (unsigned i = 0; i < NBITS; i += 3) bs_set(&mult3, i);
    for (unsigned i = 0; i < NBITS; i += 5) bs_set(&mult5, i);
    printf("words=%d\n", WORDS);
    printf("count3=%d count5=%d\n", bs_count(&mult3), bs_count(&mult5));
    bitset both = bs_and(mult3, &mult5), either = bs_or(mult3, &mult5);
    printf("both=%d either=%d\n", bs_count(&both), bs_count(&either));
    printf("first words: %08x %08x\n", mult3.w[0], mult5.w[0]);
    printf("test 45=%d 46=%d 195=%d\n", bs_test(&both, 45), bs_test(&both, 46), bs_test(&both, 195));
    bs_clear(&either, 0);
    bs_clear(&either, 3);
    printf("after clear=%d\n", bs_count(&either));
    printf("both members:");
    for (unsigned i = 0; i < NBITS; i++) if (bs_test(&both, i)) printf(" %u", i);
    printf("\n");
    for (int i = 0; i < WORDS; i++) printf("either.w[%d]=%08x\n", i, either.w[i]);
    return 67;
}
