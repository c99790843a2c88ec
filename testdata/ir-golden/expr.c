/* expressions with effects: && and || (pure and with side effects), ?:
 * with side effects, the comma operator, ++/-- pre and post, compound
 * assignment on narrow types, conversions and promotions. */
static int calls;

static int bump(int v) {
	calls++;
	return v;
}

int main(void) {
	int i = 0, j = 5;
	unsigned char uc = 250;
	short sh = -3;
	int a = i && bump(1);
	int b = j || bump(2);
	int c = (i < j) ? bump(3) : j++;
	int d = (i++, j--, i + j);
	uc += 10;
	sh *= uc;
	long l = -1 < 1u;
	double x = sh / 2;
	int e = ++i * 2 + j-- + ~sh + !a;
	return a + b + c + d + uc + sh + (int)l + (int)x + e + calls;
}
