/* <ctype.h> in the "C" locale for every value -128..255 and EOF: the
   macros (glibc's table through __ctype_b_loc) and the functions. */
#include <ctype.h>
#include <stdio.h>

static unsigned int mix(unsigned int h, int c, int v) {
	return (h ^ (unsigned int)v) * 16777619u + (unsigned int)(c + 129);
}

#define CLASS(name)                                                   \
	do {                                                              \
		unsigned int hm = 2166136261u, hf = 2166136261u;              \
		int nm = 0, nf = 0;                                           \
		for (int c = -128; c < 256; c++) {                            \
			hm = mix(hm, c, name(c));                                 \
			hf = mix(hf, c, (name)(c));                               \
			nm += name(c) != 0;                                       \
			nf += (name)(c) != 0;                                     \
		}                                                             \
		printf("%-8s %3d %08x %3d %08x %d\n", #name, nm, hm, nf, hf, name(EOF)); \
	} while (0)

int main(void) {
	CLASS(isalpha);
	CLASS(isdigit);
	CLASS(isspace);
	CLASS(isupper);
	CLASS(islower);
	CLASS(isxdigit);
	CLASS(isalnum);
	CLASS(ispunct);
	CLASS(isprint);
	CLASS(iscntrl);
	CLASS(isgraph);
	CLASS(isblank);
	CLASS(tolower);
	CLASS(toupper);
	printf("%d %d %d %d\n", isspace(' '), isdigit('a'), isalpha('a'), isxdigit('F'));
	printf("%d %d %d %d\n", tolower('Q'), toupper('q'), tolower(-2), toupper(255));
	const char *s = "Hello, World 42!\t";
	int sp = 0, al = 0, di = 0, pu = 0;
	for (const char *p = s; *p; p++) {
		sp += isspace((unsigned char)*p) != 0;
		al += isalpha(*p) != 0;
		di += isdigit(*p) != 0;
		pu += ispunct(*p) != 0;
	}
	printf("%d %d %d %d\n", sp, al, di, pu);
	return 0;
}
