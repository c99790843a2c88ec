int put(int *a, int i, int v);

/* Does not compile: prbmc cannot tell what it passes put(). */
int store(int *a) { return put(a, 1, 2) + ; }
