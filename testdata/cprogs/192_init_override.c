/* Designated initialisers overriding each other: a braced list for a
 * subobject replaces what earlier designators put there (C11 6.7.9p19). */
#include <stdio.h>
struct in { int a, b; };
struct out { int x; struct in in; int y; };
struct out g = { .in.b = 3, .in = { .a = 1 }, .y = 4 };
struct out g2 = { .in = { .a = 1, .b = 2 }, .in.b = 5 };
int arr[2][2] = { [0][1] = 7, [0] = { 9 } };
int main(void) {
  struct out l = { .in.b = 3, .in = { .a = 1 }, .y = 4 };
  struct out l2 = { .in = { .a = 1, .b = 2 }, .in.b = 5 };
  int la[2][2] = { [0][1] = 7, [0] = { 9 }, [1][0] = 6 };
  printf("%d %d %d %d\n", g.x, g.in.a, g.in.b, g.y);
  printf("%d %d %d %d\n", g2.x, g2.in.a, g2.in.b, g2.y);
  printf("%d %d %d %d\n", arr[0][0], arr[0][1], arr[1][0], arr[1][1]);
  printf("%d %d %d %d\n", l.x, l.in.a, l.in.b, l.y);
  printf("%d %d %d %d\n", l2.x, l2.in.a, l2.in.b, l2.y);
  printf("%d %d %d %d\n", la[0][0], la[0][1], la[1][0], la[1][1]);
  return 0;
}
