#include <stdio.h>
#include <string.h>

#define CAP 8
struct stack { int top; int items[CAP]; };
struct matrix { int rows, cols; double cell[3][3]; };
struct word { char text[10]; unsigned char freq[26]; };

static void push(struct stack *s, int v) { if (s->top < CAP) s->items[s->top++] = v; }
static int pop(struct stack *s) { return s->top > 0 ? s->items[--s->top] : -1; }

int main(void) {
    struct stack s = {0};
    for (int i = 1; i <= 10; i++) push(&s, i * i);
    printf("top=%d\n", s.top);
    for (int i = 0; i < 4; i++) printf("pop=%d\n", pop(&s));
    struct stack copy = s;
    push(&copy, 1000);
    printf("s.top=%d copy.top=%d copy.items[4]=%d\n", s.top, copy.top, copy.items[4]);
    struct matrix m = {3, 3, {{1, 2, 3}, {4, 5, 6}, {7, 8, 10}}};
    double tr = 0;
    for (int i = 0; i < m.rows; i++) tr += m.cell[i][i];
    printf("trace=%.1f\n", tr);
    struct matrix m2 = m;
    m2.cell[2][2] = -1;
    printf("m.cell[2][2]=%.1f m2.cell[2][2]=%.1f\n", m.cell[2][2], m2.cell[2][2]);
    struct word w;
    memset(&w, 0, sizeof w);
    strcpy(w.text, "bananas");
    for (size_t i = 0; i < strlen(w.text); i++) w.freq[w.text[i] - 'a']++;
    for (int i = 0; i < 26; i++)
        if (w.freq[i]) printf("%c:%u\n", 'a' + i, w.freq[i]);
    struct word *wp = &w;
    wp->text[0] = 'B';
    printf("%s %zu\n", wp->text, sizeof wp->freq);
    return 61;
}
