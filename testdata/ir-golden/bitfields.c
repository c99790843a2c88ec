struct bf {
  unsigned char tag;
  unsigned u : 3;
  int s : 5;
  int : 0;
  _Bool b : 1;
};

struct bf g = {1, 9, -3, 1};

int f(struct bf *p, int v) {
  struct bf l = {.s = 2};
  l.u = v;
  p->s += l.u;
  l.s = p->s++;
  ++l.u;
  return l.s + l.b + (p->u = 12);
}
