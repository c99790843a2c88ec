/* A pattern matcher shaped like tiny-regex-c's (kokke/tiny-regex-c):
 * compiled patterns are arrays of tagged unions, matching recurses
 * through two functions and counts the matched length through a pointer
 * its public entry sets to 0. */
enum { END, CHAR, CLASS, STAR };

typedef struct tok {
	unsigned char type;
	union {
		unsigned char ch;
		const char *cls;
	} u;
} tok;

static tok compiled[8];
static char classes[16];

tok *compile(const char *p)
{
	int i = 0, j = 0, c = 0;
	while (p[i] != '\0' && j + 1 < 8) {
		if (p[i] == '*') {
			compiled[j].type = STAR;
		} else if (p[i] == '[') {
			int begin = c;
			i++;
			while (p[i] != ']' && p[i] != '\0' && c + 1 < 16)
				classes[c++] = p[i++];
			if (p[i] != ']')
				return 0;
			classes[c++] = '\0';
			compiled[j].type = CLASS;
			compiled[j].u.cls = &classes[begin];
		} else {
			compiled[j].type = CHAR;
			compiled[j].u.ch = (unsigned char)p[i];
		}
		i++;
		j++;
	}
	compiled[j].type = END;
	return compiled;
}

static int one(tok t, char c)
{
	if (t.type == CLASS) {
		const char *s = t.u.cls;
		while (*s) {
			if (*s == c)
				return 1;
			s++;
		}
		return 0;
	}
	return t.u.ch == (unsigned char)c;
}

static int star(tok t, tok *rest, const char *text, int *len);

static int here(tok *pat, const char *text, int *len)
{
	if (pat[0].type == END)
		return 1;
	if (pat[1].type == STAR)
		return star(pat[0], &pat[2], text, len);
	if (*text && one(pat[0], *text)) {
		(*len)++;
		return here(pat + 1, text + 1, len);
	}
	return 0;
}

static int star(tok t, tok *rest, const char *text, int *len)
{
	const char *start = text;
	while (*text && one(t, *text)) {
		text++;
		(*len)++;
	}
	while (text >= start) {
		if (here(rest, text--, len))
			return 1;
		(*len)--;
	}
	return 0;
}

int match(tok *pat, const char *text, int *len)
{
	*len = 0;
	return pat ? here(pat, text, len) : 0;
}
