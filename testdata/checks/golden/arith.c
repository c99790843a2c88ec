int add(int x, int y) { return x + y; }
long long mul(long long x, long long y) { return x * y; }
int divs(int x, int y) { return x / y + x % y; }
int shl(int x, int n) { return x << n; }
unsigned ushl(unsigned x, unsigned char n) { return x << n; }
int neg(int x) { return -x; }
char promoted(char c, short s) { c += 1; s *= 2; return c + s; }
unsigned wraps(unsigned x) { return x * 3u - 7u; }
