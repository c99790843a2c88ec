#include <stdio.h>
#include <stdint.h>

typedef uint64_t bb;
#define SQ(r, f) ((r) * 8 + (f))
#define BIT(s) ((bb)1 << (s))
static const bb FILE_A = 0x0101010101010101ull, FILE_H = 0x8080808080808080ull;

static int popcnt(bb x) { int c = 0; while (x) { x &= x - 1; c++; } return c; }
static bb king_moves(int s) {
    bb k = BIT(s), m = 0;
    m |= (k << 8) | (k >> 8);
    m |= ((k << 1) | (k << 9) | (k >> 7)) & ~FILE_A;
    m |= ((k >> 1) | (k >> 9) | (k << 7)) & ~FILE_H;
    return m;
}
static bb knight_moves(int s) {
    bb m = 0;
    int r = s / 8, f = s % 8;
    static const int dr[8] = {2, 2, -2, -2, 1, 1, -1, -1}, df[8] = {1, -1, 1, -1, 2, -2, 2, -2};
    for (int i = 0; i < 8; i++) {
        int rr = r + dr[i], ff = f + df[i];
        if (rr >= 0 && rr < 8 && ff >= 0 && ff < 8) m |= BIT(SQ(rr, ff));
    }
    return m;
}
static void draw(bb b) {
    for (int r = 7; r >= 0; r--) {
        for (int f = 0; f < 8; f++) putchar(b & BIT(SQ(r, f)) ? 'x' : '.');
        putchar('\n');
    }
}

int main(void) {
    int squares[] = {0, 7, 27, 63, 56, 36};
    for (int i = 0; i < 6; i++)
        printf("sq %2d: king=%d knight=%d  %016llx\n", squares[i], popcnt(king_moves(squares[i])),
               popcnt(knight_moves(squares[i])), (unsigned long long)knight_moves(squares[i]));
    draw(king_moves(SQ(3, 3)) | knight_moves(SQ(0, 0)));
    int total = 0;
    for (int s = 0; s < 64; s++) total += popcnt(knight_moves(s));
    printf("total knight moves=%d\n", total);
    bb rank1 = 0xFFull;
    printf("rank1<<56=%016llx\n", (unsigned long long)(rank1 << 56));
    return 54;
}
