#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#define BIT(n) (1u << (n))

int main(void) {
    unsigned a = 0xCAFEBABEu, b = 0x0F0F00FFu;
    printf("a&b=%08x\n", a & b);
    printf("a|b=%08x\n", a | b);
    printf("a^b=%08x\n", a ^ b);
    printf("~a=%08x\n", ~a);
    printf("a&~b=%08x\n", a & ~b);
    int x = -6, y = 13;
    printf("signed: %d %d %d %d\n", x & y, x | y, x ^ y, ~x);
    unsigned flags = 0;
    flags |= BIT(3) | BIT(7);
    printf("flags=%x\n", flags);
    flags &= ~BIT(3);
    printf("flags=%x\n", flags);
    flags ^= BIT(0) | BIT(7);
    printf("flags=%x\n", flags);
    printf("test bit0=%d bit7=%d\n", (flags & BIT(0)) != 0, (flags & BIT(7)) != 0);
    unsigned v = 0xB4u;
    unsigned lowest = v & (0u - v);
    printf("lowest set bit of %x = %x\n", v, lowest);
    printf("clear lowest=%x\n", v & (v - 1));
    printf("is pow2: %d %d\n", (64 & 63) == 0, (72 & 71) == 0);
    uint8_t byte = 0x3C;
    printf("byte ~=%u\n", (uint8_t)~byte);
    uint64_t big = 0xFFFF0000FFFF0000ull;
    printf("big^~0=%llx\n", (unsigned long long)(big ^ ~0ull));
    int sgn = -5;
    int mask = sgn >> 31;
    int absval = (sgn ^ mask) - mask;
    printf("branchless abs=%d abs()=%d\n", absval, abs(sgn));
    int p = 12, q = 10;
    int mn = q ^ ((p ^ q) & -(p < q));
    printf("branchless min=%d\n", mn);
    printf("xor swap:");
    int s1 = 3, s2 = 9;
    s1 ^= s2; s2 ^= s1; s1 ^= s2;
    printf(" %d %d\n", s1, s2);
    printf("logical vs bitwise: %d %d\n", 2 && 1, 2 & 1);
    return 30;
}
