/* Functions whose verdicts depend on the library models and on const
   data (verifier/funccheck TestLibraryModels). */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <string.h>

/* isspace(c) is (*__ctype_b_loc())[(int)(c)] & _ISspace: the model's table
   is valid for every char, never NULL. */
int count_spaces(const char *s)
{
	int n = 0;
	for (; *s; s++)
		if (isspace(*s))
			n++;
	return n;
}

int classify(char c)
{
	if (c == ' ')
		assert(isspace(c));
	if (c == 'a')
		assert(!isdigit(c) && isalpha(c));
	return tolower(c);
}

/* An int beyond 255 indexes glibc's table out of bounds: a real bug. */
int int_space(int c)
{
	return isspace(c) != 0;
}

static const unsigned char sbox[4] = {1, 2, 3, 4};

int sbox_nonzero(int i)
{
	if (i >= 0 && i < 4)
		assert(sbox[i] != 0);
	return 0;
}

unsigned char box[4] = {1, 2, 3, 4};

/* A writable global holds anything a caller left there. */
int box_nonzero(int i)
{
	if (i >= 0 && i < 4)
		assert(box[i] != 0);
	return 0;
}

/* errno is whatever the caller left. */
int errno_clear(void)
{
	assert(errno == 0);
	return 0;
}

int errno_set(void)
{
	errno = 0;
	assert(errno == 0);
	return 0;
}

/* Called but never declared (C89's implicit int fill_buf()): stubbed like
   a declared function, with the parameters its call passes. */
int implicit_fill(void)
{
	char buf[4];
	buf[0] = 1;
	int r = fill_buf(buf, 4);
	assert(buf[0] == 1);
	return r;
}

/* Calls that disagree give no prototype: reaching log_it is unknown. */
int implicit_mixed(int x)
{
	char buf[4] = {0};
	if (x)
		log_it(buf);
	else
		log_it(buf, x);
	assert(buf[0] == 0);
	return 0;
}

/* A static table no code writes holds its initialiser: an array of
   strings (its elements are not const) is the common case. */
static const char *names[] = {"a", "bb", "ccc"};

int name_len(unsigned i)
{
	if (i < 3)
		return (int)strlen(names[i]);
	return 0;
}

/* A static table some code writes holds anything that code left. */
static unsigned char level[4] = {1, 2, 3, 4};

void set_level(unsigned i, unsigned char v) { level[i & 3] = v; }

int level_nonzero(unsigned i)
{
	assert(level[i & 3] != 0);
	return 0;
}

/* A static table whose address gets out may be written through it. */
static int slots[2] = {1, 1};
int *slots_ptr(void) { return slots; }

int slot_nonzero(unsigned i)
{
	assert(slots[i & 1] != 0);
	return 0;
}
