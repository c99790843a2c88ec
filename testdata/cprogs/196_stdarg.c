/* <stdarg.h>: va_arg of ints, longs, doubles, pointers and strings, a
   va_list passed on to a v-function, va_copy, and a printf-like
   formatter reading what its format asks for. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int sum(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	int s = 0;
	for (int i = 0; i < n; i++)
		s += va_arg(ap, int);
	va_end(ap);
	return s;
}

static double mean(int n, ...)
{
	va_list ap, aq;
	va_start(ap, n);
	va_copy(aq, ap);
	double s = 0;
	for (int i = 0; i < n; i++)
		s += va_arg(ap, double);
	double first = n > 0 ? va_arg(aq, double) : 0;
	va_end(aq);
	va_end(ap);
	return n > 0 ? s / n + first * 0 : 0;
}

static long vtotal(const char *what, va_list ap)
{
	long t = 0;
	for (;;) {
		long v = va_arg(ap, long);
		if (v < 0)
			break;
		t += v;
	}
	return t + (long)strlen(what);
}

static long total(const char *what, ...)
{
	va_list ap;
	va_start(ap, what);
	long t = vtotal(what, ap);
	va_end(ap);
	return t;
}

/* %d int, %s string, %c char, %p-like pointer check, %% */
static int format(char *out, int cap, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = 0;
	for (const char *f = fmt; *f && n < cap - 1; f++) {
		if (*f != '%') {
			out[n++] = *f;
			continue;
		}
		f++;
		if (*f == 'd') {
			int v = va_arg(ap, int);
			char tmp[12];
			int k = 0;
			unsigned u = v < 0 ? -(unsigned)v : (unsigned)v;
			do {
				tmp[k++] = '0' + u % 10;
				u /= 10;
			} while (u);
			if (v < 0 && n < cap - 1)
				out[n++] = '-';
			while (k > 0 && n < cap - 1)
				out[n++] = tmp[--k];
		} else if (*f == 's') {
			const char *s = va_arg(ap, const char *);
			while (*s && n < cap - 1)
				out[n++] = *s++;
		} else if (*f == 'c') {
			out[n++] = (char)va_arg(ap, int);
		} else if (*f == 'P') {
			int *p = va_arg(ap, int *);
			out[n++] = *p == 42 ? 'Y' : 'N';
		} else {
			out[n++] = *f;
		}
	}
	out[n] = 0;
	va_end(ap);
	return n;
}

int main(void)
{
	printf("%d %d\n", sum(3, 1, 2, 3), sum(0));
	printf("%.3f\n", mean(3, 1.5, 2.5, 4.0));
	printf("%ld\n", total("abc", 10L, 20L, 30L, -1L));
	char buf[64];
	int answer = 42;
	int n = format(buf, sizeof buf, "x=%d s=%s c=%c p=%P %%", -123, "hi", 'z', &answer);
	printf("%d [%s]\n", n, buf);
	return 0;
}
