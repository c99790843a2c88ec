/* realloc (the library model) as glibc's: growing and shrinking keep the
   leading bytes, NULL is malloc, a growing buffer built by doubling. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
	char *p = realloc(NULL, 3);
	memcpy(p, "hi", 3);
	p = realloc(p, 10);
	strcat(p, " there");
	printf("%s %zu\n", p, strlen(p));
	p = realloc(p, 3);
	p[2] = 0;
	printf("%s\n", p);
	free(p);

	size_t cap = 1, len = 0;
	int *v = malloc(cap * sizeof *v);
	for (int i = 0; i < 9; i++) {
		if (len == cap) {
			cap *= 2;
			v = realloc(v, cap * sizeof *v);
		}
		v[len++] = i * i;
	}
	int sum = 0;
	for (size_t i = 0; i < len; i++)
		sum += v[i];
	printf("%zu %zu %d %d\n", len, cap, v[8], sum);
	free(v);
	return 0;
}
