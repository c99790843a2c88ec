/* qsort and bsearch with comparators (the library models call them
   through a pointer): ints, strings in structs, a descending order, and
   searches that hit and miss. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item {
	char name[8];
	int weight;
};

static int by_int(const void *a, const void *b) {
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static int by_int_desc(const void *a, const void *b) { return by_int(b, a); }

static int by_name(const void *a, const void *b) {
	return strcmp(((const struct item *)a)->name, ((const struct item *)b)->name);
}

static int calls;

static int counting(const void *a, const void *b) {
	calls++;
	return by_int(a, b);
}

int main(void) {
	int v[9] = {5, -3, 9, 0, 5, 12, -7, 3, 1};
	qsort(v, 9, sizeof v[0], by_int);
	for (int i = 0; i < 9; i++)
		printf("%d ", v[i]);
	printf("\n");
	qsort(v, 9, sizeof v[0], by_int_desc);
	for (int i = 0; i < 9; i++)
		printf("%d ", v[i]);
	printf("\n");
	struct item items[4] = {{"pear", 3}, {"apple", 1}, {"fig", 7}, {"kiwi", 2}};
	qsort(items, 4, sizeof items[0], by_name);
	for (int i = 0; i < 4; i++)
		printf("%s:%d ", items[i].name, items[i].weight);
	printf("\n");
	int sorted[6] = {1, 3, 5, 7, 9, 11};
	for (int k = 0; k <= 12; k++) {
		int *hit = bsearch(&k, sorted, 6, sizeof sorted[0], counting);
		printf("%d:%d ", k, hit ? (int)(hit - sorted) : -1);
	}
	printf("\n");
	struct item key = {"fig", 0};
	struct item *found = bsearch(&key, items, 4, sizeof items[0], by_name);
	printf("%s %d\n", found ? found->name : "none", found ? found->weight : -1);
	qsort(v, 0, sizeof v[0], by_int);
	qsort(v, 1, sizeof v[0], by_int);
	printf("%d %d\n", v[0], calls > 0);
	return 0;
}
