#include <assert.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
	int id;
	uint8_t *buf;
	size_t len;
} frame_t;

struct node {
	int value;
	struct node *next;
};

int read_sensor(int channel);
void fill(uint8_t *dst, size_t n);
void log_msg(const char *msg);

static int calls;
int limit = 10;

/* Safe: clamps whatever the sensor says. */
int clamp_reading(int channel)
{
	int v = read_sensor(channel);
	if (v < 0)
		v = 0;
	if (v > 100)
		v = 100;
	assert(v >= 0 && v <= 100);
	return v;
}

/* Unsafe: trusts the sensor. */
int scaled(int channel)
{
	int v = read_sensor(channel);
	assert(v < 1000);
	return v * 2;
}

/* Safe: checks NULL, then the list's first value is read. */
int first_value(const struct node *n)
{
	if (n == NULL)
		return -1;
	calls++;
	return n->value;
}

/* Unsafe: the buffer may hold anything after fill(). */
int frame_ok(frame_t *f)
{
	if (!f || f->len == 0)
		return 0;
	fill(f->buf, 1);
	assert(f->buf[0] != 0xff);
	return 1;
}

/* Safe: sums an array of at most 4 elements. */
int sum4(const int *a, int n)
{
	assume(n >= 0 && n <= 4);
	int s = 0;
	for (int i = 0; i < n; i++) {
		assume(a[i] >= 0 && a[i] <= 10);
		s += a[i];
	}
	assert(s <= 40);
	return s;
}

/* Unsafe through a global: limit may hold any value. */
int under_limit(int x)
{
	assume(x >= 0 && x < 10);
	assert(x < limit);
	return x;
}

/* Nothing to check. */
int add(int a, int b) { return a + b; }

/* Safe: the string's length fits its buffer. */
int short_name(const char *s)
{
	int n = 0;
	while (s[n] != 0)
		n++;
	assert(n <= 3);
	log_msg(s);
	return n;
}

/* Unreachable: the condition can never hold, so the proof is vacuous. */
int never(int x)
{
	if (x > 5 && x < 3)
		assert(x == 4);
	return x;
}

/* Unknown: no function of op's type has its address taken. */
int apply(int (*op)(int), int x)
{
	int r = op(x);
	assert(r >= 0);
	return r;
}

struct dev *open_dev(int id);
int dev_status(struct dev *d);

/* Unsafe: open_dev() may return NULL, and dev_status anything. */
int status_of(int id)
{
	struct dev *d = open_dev(id);
	if (!d)
		return -1;
	int s = dev_status(d);
	assert(s != 7);
	return s;
}

/* An array parameter is a pointer to rows of 3. A static local keeps its
 * value between calls, so the harness calls trace3 any number of times
 * before (and says so); its assertion holds on every call. */
int trace3(const int m[3][3])
{
	static int calls_seen;
	calls_seen++;
	int t = 0;
	for (int i = 0; i < 3; i++) {
		assume(m[i][i] >= 0 && m[i][i] <= 100);
		t += m[i][i];
	}
	assert(t <= 300);
	return t;
}
