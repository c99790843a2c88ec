#include <stdio.h>

enum kind { NUM, OP };
enum opk { ADD, SUB, MUL };

struct tokn { enum kind k; int v; };

int main(void) {
    struct tokn prog[] = {{NUM, 3}, {OP, ADD}, {NUM, 4}, {OP, MUL}, {NUM, 5}, {OP, SUB}, {NUM, 6}, {OP, 9}, {NUM, 1}};
    int acc = 0;
    enum opk pending = ADD;
    int valid = 1;
    for (unsigned i = 0; i < sizeof prog / sizeof prog[0]; i++) {
        switch (prog[i].k) {
        case NUM:
            switch (pending) {
            case ADD: acc += prog[i].v; break;
            case SUB: acc -= prog[i].v; break;
            case MUL: acc *= prog[i].v; break;
            default: valid = 0;
            }
            printf("num %d -> acc=%d\n", prog[i].v, acc);
            break;
        case OP:
            switch (prog[i].v) {
            case ADD: case SUB: case MUL:
                pending = (enum opk)prog[i].v;
                printf("op %d\n", prog[i].v);
                break;
            default:
                printf("bad op %d, keep %d\n", prog[i].v, pending);
                break;
            }
            break;
        }
    }
    printf("acc=%d valid=%d\n", acc, valid);
    int grid = 0;
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            switch (a) {
            case 0:
                switch (b) { case 0: grid += 1; break; case 1: grid += 2; /* fallthrough */ default: grid += 4; }
                break;
            case 1:
                switch (b) { case 2: grid += 100; break; default: continue; }
                /* fallthrough */
            default:
                grid += 1000;
            }
    printf("grid=%d\n", grid);
    return 62;
}
