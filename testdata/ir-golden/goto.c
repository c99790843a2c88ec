/* goto forwards and backwards, a label at the end of a block, goto out of
 * nested loops, and a goto into a block past a declaration. */
int main(void) {
	int i = 0, n = 0;
again:
	i++;
	if (i < 3)
		goto again;
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < 4; b++)
			if (a * b == 6)
				goto out;
out:
	n += i;
	goto inner;
	{
		int k;
inner:
		k = 5;
		n += k;
	}
	if (n)
		goto end;
	n = 99;
end:
	return n;
}
