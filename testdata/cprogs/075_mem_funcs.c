#include <stdio.h>
#include <string.h>

static void show(const char *tag, const unsigned char *b, size_t n) {
    printf("%-8s", tag);
    for (size_t i = 0; i < n; i++) printf(" %02x", b[i]);
    printf("\n");
}

int main(void) {
    unsigned char buf[16];
    memset(buf, 0xAB, sizeof buf);
    show("memset", buf, 16);
    memset(buf + 4, 0, 8);
    show("zero mid", buf, 16);
    for (int i = 0; i < 16; i++) buf[i] = (unsigned char)i;
    memmove(buf + 2, buf, 8);
    show("mv right", buf, 16);
    for (int i = 0; i < 16; i++) buf[i] = (unsigned char)i;
    memmove(buf, buf + 5, 8);
    show("mv left", buf, 16);
    unsigned char dst[16] = {0};
    memcpy(dst, "ABCDEFGH", 8);
    show("memcpy", dst, 16);
    printf("memcmp eq=%d\n", memcmp("abcd", "abcd", 4));
    printf("memcmp lt=%d\n", memcmp("abcd", "abce", 4) < 0);
    printf("memcmp gt=%d\n", memcmp("abd", "abc", 3) > 0);
    printf("memcmp prefix=%d\n", memcmp("abcX", "abcY", 3));
    unsigned char hi[2] = {0x80, 0}, lo[2] = {0x7F, 0};
    printf("memcmp unsigned bytes=%d\n", memcmp(hi, lo, 1) > 0);
    int a[5] = {1, 2, 3, 4, 5}, b[5];
    memcpy(b, a, sizeof a);
    b[2] = 30;
    printf("ints equal=%d first diff gt=%d\n", memcmp(a, b, sizeof a) == 0, memcmp(b, a, sizeof a) > 0);
    memset(a, 0, sizeof a);
    printf("a after memset: %d %d %d\n", a[0], a[2], a[4]);
    memset(a, 0xFF, sizeof a);
    printf("a all ones: %d\n", a[1]);
    char s[20] = "overlapping";
    memmove(s + 4, s, strlen(s) + 1);
    printf("s=%s\n", s);
    struct { short x; char tag[6]; } p1 = {7, "tag"}, p2;
    memcpy(&p2, &p1, sizeof p1);
    printf("p2=%d %s\n", p2.x, p2.tag);
    return 86;
}
