#include <stdio.h>
#include <string.h>

enum ttype { T_NUM, T_IDENT, T_OP, T_STR, T_END };
static const char *tname[] = {"NUM", "IDENT", "OP", "STR", "END"};

struct token { enum ttype type; char text[16]; long num; };

static int is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_digit(char c) { return c >= '0' && c <= '9'; }

static const char *next_token(const char *p, struct token *t) {
    while (*p == ' ' || *p == '\t') p++;
    int n = 0;
    t->num = 0;
    if (!*p) { t->type = T_END; t->text[0] = '\0'; return p; }
    if (is_digit(*p)) {
        t->type = T_NUM;
        while (is_digit(*p)) { t->num = t->num * 10 + (*p - '0'); t->text[n++] = *p++; }
    } else if (is_alpha(*p)) {
        t->type = T_IDENT;
        while ((is_alpha(*p) || is_digit(*p)) && n < 15) t->text[n++] = *p++;
    } else if (*p == '"') {
        t->type = T_STR;
        p++;
        while (*p && *p != '"' && n < 15) t->text[n++] = *p++;
        if (*p == '"') p++;
    } else {
        t->type = T_OP;
        t->text[n++] = *p++;
        if ((t->text[0] == '=' || t->text[0] == '!' || t->text[0] == '<') && *p == '=') t->text[n++] = *p++;
    }
    t->text[n] = '\0';
    return p;
}

int main(void) {
    const char *src = "x1 = 42 + foo_bar*(7 <= y) != \"hi there\" ; z";
    struct token t;
    int counts[5] = {0};
    const char *p = src;
    do {
        p = next_token(p, &t);
        counts[t.type]++;
        if (t.type == T_NUM) printf("%-5s %s (%ld)\n", tname[t.type], t.text, t.num);
        else printf("%-5s '%s'\n", tname[t.type], t.text);
    } while (t.type != T_END);
    for (int i = 0; i < 5; i++) printf("%s=%d ", tname[i], counts[i]);
    printf("\nsrc len=%zu\n", strlen(src));
    return 49;
}
