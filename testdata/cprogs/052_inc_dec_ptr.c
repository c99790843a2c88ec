#include <stdio.h>
#include <stddef.h>

static size_t my_strlen(const char *s) {
    const char *p = s;
    while (*p++) {}
    return (size_t)(p - s - 1);
}

static void my_strcpy(char *d, const char *s) { while ((*d++ = *s++) != '\0') {} }

int main(void) {
    int a[6] = {1, 2, 3, 4, 5, 6};
    int *p = a;
    printf("*p++=%d\n", *p++);
    printf("*++p=%d\n", *++p);
    printf("++*p=%d\n", ++*p);
    printf("(*p)++=%d\n", (*p)++);
    printf("*p=%d a[2]=%d\n", *p, a[2]);
    int *q = a + 5;
    printf("*q--=%d\n", *q--);
    printf("*--q=%d\n", *--q);
    ptrdiff_t qi = q - a;
    printf("q idx=%ld\n", (long)qi);
    char buf[32];
    my_strcpy(buf, "increment");
    printf("buf=%s len=%zu\n", buf, my_strlen(buf));
    char *s = buf;
    while (*s) { *s = (char)(*s - 32); s++; }
    printf("upper=%s\n", buf);
    double ds[4] = {0.5, 1.5, 2.5, 3.5};
    double *dp = ds + 4;
    double acc = 0;
    while (dp > ds) acc += *--dp;
    printf("acc=%.1f\n", acc);
    int *pp[3] = {&a[0], &a[3], &a[5]};
    int **ppp = pp;
    (**ppp)++;
    ppp++;
    printf("**ppp=%d\n", **ppp);
    (*ppp)++;
    printf("after (*ppp)++: %d\n", **ppp);
    for (int i = 0; i < 6; i++) printf("%d ", a[i]);
    printf("\n");
    char text[] = "a,b,,c";
    int commas = 0;
    for (char *t = text; *t; ) if (*t++ == ',') commas++;
    printf("commas=%d\n", commas);
    return 38;
}
