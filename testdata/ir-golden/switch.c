/* switch: fall-through, default in the middle, a GNU case range, nested
 * switches, break out of a switch inside a loop, and a switch body with a
 * declaration: the case labels jump past it, so they Decl it. */
int classify(int c) {
	int r = 0;
	switch (c) {
	case 0:
		r = 1;
	case 1:
		r += 2;
		break;
	default:
		r = -1;
		break;
	case 5 ... 7:
		r = 10;
		break;
	case 'a':
		switch (r) {
		case 0:
			r = 100;
			break;
		}
		break;
	}
	return r;
}

int main(void) {
	int t = 0;
	for (int i = 0; i < 9; i++) {
		switch (classify(i)) {
			int w;
		case -1:
			continue;
		case 10:
			w = 10;
			t += w;
			break;
		}
		t++;
	}
	switch (t)
		;
	return t;
}
