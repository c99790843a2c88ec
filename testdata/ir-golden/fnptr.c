int twice(int x) { return 2 * x; }
int neg(int x) { return -x; }
long wide(long x) { return x; }
void *my_alloc(unsigned long n);
struct ops { int (*f)(int); };
struct ops g = {twice};

int main(int c) {
  int (*p)(int) = c ? neg : g.f;
  int r = p(c);
  r += (*twice)(r);
  if (p == twice || p != 0)
    g.f = &neg;
  return r + g.f(1);
}
