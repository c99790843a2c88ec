/* initialisers: constant and address-valued globals, designators, zero
 * fill, nested braces, strings into char arrays, local aggregates, a
 * compound literal, an array whose length comes from its initialiser. */
struct pair {
	int key;
	const char *name;
};

int counts[8] = {1, 2, [6] = 7};
int *pcount = &counts[2];
struct pair table[] = {{1, "one"}, {.name = "two", .key = 2}};
char word[8] = "hi";
double ratio = 1.5;
static int zeroed[4];

int main(void) {
	int grid[2][3] = {{1, 2}, {3}};
	struct pair p = {.key = 3};
	char s[] = "abc";
	int *lit = (int[]){4, 5, 6};
	float f = 2;
	return grid[1][0] + p.key + s[1] + lit[2] + counts[6] + *pcount + table[1].key + word[1] + (int)(f * ratio) + zeroed[3];
}
