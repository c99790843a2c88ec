#include <stdio.h>

enum op { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_NEG = -1, OP_NOP = 50 };

static int apply(enum op o, int a, int b) {
    switch (o) {
    case OP_ADD: return a + b;
    case OP_SUB: return a - b;
    case OP_MUL: return a * b;
    case OP_DIV: return b ? a / b : 0;
    case OP_NEG: return -a;
    case OP_NOP:
    default: return a;
    }
}

static const char *opname(enum op o) {
    switch (o) {
    case OP_ADD: return "add";
    case OP_SUB: return "sub";
    case OP_MUL: return "mul";
    case OP_DIV: return "div";
    case OP_NEG: return "neg";
    default: return "nop";
    }
}

int main(void) {
    enum op ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_NEG, OP_NOP, (enum op)7};
    int acc = 10;
    for (int i = 0; i < 7; i++) {
        int r = apply(ops[i], acc, 3);
        printf("%s(%d,3)=%d\n", opname(ops[i]), acc, r);
        acc = r;
    }
    int counts[4] = {0};
    for (int i = 0; i < 20; i++) {
        enum op o = (enum op)(i % 4);
        switch (o) {
        case OP_ADD:
            switch (i % 3) { case 0: counts[0] += 2; break; default: counts[0]++; }
            break;
        case OP_MUL: counts[2]++; /* fallthrough */
        case OP_SUB: counts[1]++; break;
        default: counts[3]++;
        }
    }
    for (int i = 0; i < 4; i++) printf("counts[%d]=%d\n", i, counts[i]);
    printf("enum values %d %d %d\n", OP_NEG, OP_NOP, OP_DIV);
    return acc & 0x3f;
}
