#include <stdio.h>

enum op { PUSH, ADD, SUB, MUL, DUP, SWAP, JZ, JMP, PRINT, HALT, DEC, OVER };

static int run(const int *code, int maxsteps) {
    int stack[32], sp = 0, pc = 0, steps = 0;
    for (;;) {
        if (++steps > maxsteps) return -1;
        int op = code[pc++];
        switch (op) {
        case PUSH: stack[sp++] = code[pc++]; break;
        case ADD: sp--; stack[sp - 1] += stack[sp]; break;
        case SUB: sp--; stack[sp - 1] -= stack[sp]; break;
        case MUL: sp--; stack[sp - 1] *= stack[sp]; break;
        case DUP: stack[sp] = stack[sp - 1]; sp++; break;
        case OVER: stack[sp] = stack[sp - 2]; sp++; break;
        case SWAP: { int t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; break; }
        case DEC: stack[sp - 1]--; break;
        case JZ: { int t = code[pc++]; if (stack[--sp] == 0) pc = t; break; }
        case JMP: pc = code[pc]; break;
        case PRINT: printf("  out: %d\n", stack[--sp]); break;
        case HALT: return sp ? stack[sp - 1] : 0;
        default: printf("bad op %d\n", op); return -2;
        }
    }
}

int main(void) {
    int p1[] = {PUSH, 2, PUSH, 3, ADD, PUSH, 4, MUL, DUP, PRINT, HALT};
    printf("p1 -> %d\n", run(p1, 100));
    /* factorial of 6: acc n */
    int p2[] = {PUSH, 1, PUSH, 6,
                /*4*/ DUP, JZ, 16,
                SWAP, OVER, MUL, SWAP, DEC, JMP, 4, HALT, HALT,
                /*16*/ SWAP, PRINT, PUSH, 0, HALT};
    printf("p2 -> %d\n", run(p2, 1000));
    /* countdown printing 5..1 */
    int p3[] = {PUSH, 5, /*2*/ DUP, JZ, 11, DUP, PRINT, DEC, JMP, 2, HALT, /*11*/ PUSH, 99, HALT};
    printf("p3 -> %d\n", run(p3, 1000));
    int p4[] = {PUSH, 1, JMP, 0};
    printf("p4 (infinite) -> %d\n", run(p4, 50));
    int p5[] = {PUSH, 7, 42};
    printf("p5 -> %d\n", run(p5, 10));
    int p6[] = {PUSH, 10, PUSH, 3, SUB, PUSH, 100, SWAP, SUB, HALT};
    printf("p6 -> %d\n", run(p6, 10));
    return 42;
}
