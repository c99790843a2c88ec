int f(int *p, int d) {
  if (p && *p > 0)
    return 100 / d;
  return d ? *p / d : (p != 0 || *p);
}
int g(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += i;
  return s;
}
