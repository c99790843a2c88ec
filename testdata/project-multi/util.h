#ifndef UTIL_H
#define UTIL_H

int get(int *a, int i);
int get_bad(int *a, int i);
int pick(int *a, int i);
int put(int *a, int i, int v);
int lonely(int *a, int i);
int at_macro(int *a, int i);
int via_ptr(int *a, int i);

/* Callers of AT() call at_macro() without naming it. */
#define AT(a, i) at_macro(a, i)

#endif
