struct rec { int id; char name[8]; int m[2][3]; };
struct rec table[4];
int lookup(int i, int j, int k) { return table[i].m[j][k] + table[i].name[0]; }
int *end(void) { return &table[3].m[2][0]; }
int get(struct rec *r, int k) { return r->m[1][k]; }
int next(void);
int a[3];
void store(void) { a[next()] = next(); }
