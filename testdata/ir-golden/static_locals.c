/* static locals: kept across calls, initialised once (in Init), with the
 * same name in two functions, and one holding an address. */
int next_id(void) {
	static int id = 100;
	return id++;
}

int other(void) {
	static int id;
	static int *self = &id;
	*self += 2;
	return id;
}

int main(void) {
	int a = next_id();
	int b = next_id();
	int c = other() + other();
	return a + b + c;
}
