/* A project header's inline functions are the project's code: their
   checks are generated as the .c file's are (project_header.c). */
static inline int at(const int *a, int i) { return a[i]; }
static inline int inc(int x) { return x + 1; }
static inline int pick(int i) { static const int t[4] = {1, 2, 3, 4}; return t[i]; }
