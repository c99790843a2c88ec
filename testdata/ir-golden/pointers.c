/* pointers: &, *, arithmetic on element pointers, difference, comparison,
 * pointers to pointers, array decay, pointer to array, NULL. */
static void swap(int *a, int *b) {
	int t = *a;
	*a = *b;
	*b = t;
}

int main(void) {
	int arr[5] = {5, 4, 3, 2, 1};
	int *p = arr, *q = &arr[4];
	int **pp = &p;
	int (*pa)[5] = &arr;
	swap(p, q);
	p += 2;
	*p = (*pa)[1] + 10;
	(**pp)++;
	long d = q - p;
	char *c = (char *)&arr[1];
	c[0] = 9;
	if (p < q && pp != 0)
		d += *--q;
	return (int)d + arr[2] + *c;
}
