#include <stdio.h>

/* sizeof of expressions with bit-fields, as gcc types them: a bit-field's
   value, and that of an assignment, ++ or -- of one, has a type of the
   field's width (the smallest integer mode holding it); the integer
   promotions widen it to int below 32 bits in arithmetic and in the arms
   of ?:, not through a comma; wider ones keep their own type. */
typedef unsigned long long u64;
struct S {
	unsigned q : 8;
	u64 e : 9;
	u64 d : 33;
	_Bool f : 1;
	u64 z : 32;
	int k : 3;
	unsigned a : 3;
	unsigned b : 12;
	unsigned c : 17;
	unsigned g : 32;
	short j : 16;
	u64 x : 40;
	u64 i : 64;
} s;

#define Z(e) printf("%-22s %d\n", #e, (int)sizeof(e))

int main(void)
{
	Z(s.q = 1); Z(s.e += 1); Z(s.d++); Z(s.a = 1); Z(s.b = 1);
	Z(s.c = 1); Z(s.g = 1); Z(s.k++); Z(s.i = 1); Z(s.j += 1); Z(s.x -= 1);
	Z(s.z = 1);
	Z((s.a = 1) + 0); Z((0, s.q)); Z((0, s.f)); Z((0, s.z)); Z((0, s.q = 1));
	Z(1 ? s.q : s.q); Z(1 ? s.e : s.q); Z(1 ? s.q : 0); Z(s.k ? s.k : s.k);
	Z(s.q ?: s.q); Z(1 ? s.z : s.d); Z(1 ? s.z : 0); Z(1 ? s.x : 0);
	Z(s.z + 1); Z(s.z * 2LL); Z(s.z << 40LL); Z(-s.z); Z(~s.z); Z(+s.q);
	Z(-s.q); Z(s.x + 1); Z(s.x * 2); Z(s.d & 1); Z(s.z | s.g); Z(s.z ^ s.d);
	Z(s.z == 1); Z(s.x + 1.0); Z(s.z / 2);
	return (int)sizeof(s.z + 1);
}
