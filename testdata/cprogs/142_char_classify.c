#include <stdio.h>
#include <stdbool.h>

static bool is_upper(int c) { return c >= 'A' && c <= 'Z'; }
static bool is_lower(int c) { return c >= 'a' && c <= 'z'; }
static bool is_alpha(int c) { return is_upper(c) || is_lower(c); }
static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_xdigit(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static bool is_space(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static bool is_punct(int c) { return c > ' ' && c < 127 && !is_alpha(c) && !is_digit(c); }
static int to_upper(int c) { return is_lower(c) ? c - 'a' + 'A' : c; }
static int to_lower(int c) { return is_upper(c) ? c + ('a' - 'A') : c; }

int main(void) {
    const char *text = "Hello, World! 0x1F\tTabs\nand 42 numbers; done.";
    int up = 0, lo = 0, dg = 0, xd = 0, sp = 0, pu = 0, other = 0;
    for (const char *p = text; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (is_upper(c)) up++;
        if (is_lower(c)) lo++;
        if (is_digit(c)) dg++;
        if (is_xdigit(c)) xd++;
        if (is_space(c)) sp++;
        if (is_punct(c)) pu++;
        if (!is_alpha(c) && !is_digit(c) && !is_space(c) && !is_punct(c)) other++;
    }
    printf("upper=%d lower=%d digit=%d xdigit=%d space=%d punct=%d other=%d\n", up, lo, dg, xd, sp, pu, other);
    for (const char *p = text; *p; p++) putchar(is_space((unsigned char)*p) ? '_' : to_upper((unsigned char)*p));
    putchar('\n');
    for (const char *p = text; *p; p++) if (is_alpha((unsigned char)*p)) putchar(to_lower((unsigned char)*p));
    putchar('\n');
    const char samples[] = {'a', 'Z', '5', ' ', '\n', '#', '~', '\x7f', 'f', 'G'};
    for (int i = 0; i < 10; i++) {
        int c = (unsigned char)samples[i];
        printf("%3d: al=%d dg=%d xd=%d sp=%d pu=%d\n", c, is_alpha(c), is_digit(c), is_xdigit(c), is_space(c), is_punct(c));
    }
    return 14;
}
