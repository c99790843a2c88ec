package interval

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
)

// concrete is the IR semantics of op on 8..16-bit values (doc.go).
func concrete(op ir.BinOp, t *ir.IntType, x, y int64) int64 {
	w := int64(t.Bits)
	var r int64
	switch op {
	case ir.Add:
		r = x + y
	case ir.Sub:
		r = x - y
	case ir.Mul:
		r = x * y
	case ir.Div:
		switch {
		case y == 0 && !t.Signed:
			r = -1
		case y == 0 && x < 0:
			r = 1
		case y == 0:
			r = -1
		default:
			r = x / y
		}
	case ir.Rem:
		if y == 0 {
			r = x
		} else {
			r = x % y
		}
	case ir.Shl:
		if y < 0 || y >= w {
			r = 0
		} else {
			r = x << uint(y)
		}
	case ir.Shr:
		switch {
		case (y < 0 || y >= w) && x < 0:
			r = -1
		case y < 0 || y >= w:
			r = 0
		default:
			r = x >> uint(y)
		}
	case ir.And:
		r = x & y
	case ir.Or:
		r = x | y
	case ir.Xor:
		r = x ^ y
	default:
		b := map[ir.BinOp]bool{ir.Lt: x < y, ir.Le: x <= y, ir.Gt: x > y, ir.Ge: x >= y, ir.Eq: x == y, ir.Ne: x != y}[op]
		if b {
			return 1
		}
		return 0
	}
	return wrapInt(t, r)
}

func wrapInt(t *ir.IntType, r int64) int64 {
	u := uint64(r) & t.Mask()
	if t.Signed && u>>(uint(t.Bits)-1)&1 == 1 {
		return int64(u) - int64(1)<<uint(t.Bits)
	}
	return int64(u)
}

func randInterval(rng *rand.Rand, t *ir.IntType) Interval {
	mn, mx := TypeMin(t).Int64(), TypeMax(t).Int64()
	pick := func() int64 {
		switch rng.Intn(4) {
		case 0:
			return mn + rng.Int63n(3)
		case 1:
			return mx - rng.Int63n(3)
		case 2:
			return rng.Int63n(7) - 3
		}
		return mn + rng.Int63n(mx-mn+1)
	}
	a, b := pick(), pick()
	if a < mn {
		a = mn
	}
	if b < mn {
		b = mn
	}
	if rng.Intn(3) == 0 {
		b = a + rng.Int63n(4)
		if b > mx {
			b = mx
		}
	}
	if a > b {
		a, b = b, a
	}
	return Interval{T: t, Lo: big.NewInt(a), Hi: big.NewInt(b)}
}

// TestDomainSoundExhaustive checks every operator against the concrete
// semantics on every pair of values of random 8-bit intervals.
func TestDomainSoundExhaustive(t *testing.T) {
	std := ir.StdTypes(ir.LP64)
	rng := rand.New(rand.NewSource(1))
	ops := []ir.BinOp{ir.Add, ir.Sub, ir.Mul, ir.Div, ir.Rem, ir.Shl, ir.Shr, ir.And, ir.Or, ir.Xor, ir.Lt, ir.Le, ir.Gt, ir.Ge, ir.Eq, ir.Ne}
	for _, ty := range []*ir.IntType{std.SChar, std.UChar} {
		for _, op := range ops {
			for n := 0; n < 300; n++ {
				a, b := randInterval(rng, ty), randInterval(rng, ty)
				var r Interval
				if op.IsComparison() {
					r = compare(op, std.Int, a, b)
				} else {
					r = arith(op, ty, a, b)
				}
				for x := a.Lo.Int64(); x <= a.Hi.Int64(); x++ {
					for y := b.Lo.Int64(); y <= b.Hi.Int64(); y++ {
						if c := concrete(op, ty, x, y); !r.ContainsInt64(c) {
							t.Fatalf("%s: %s %s %s = %s, but %d %s %d = %d", ty, a, op, b, r, x, op, y, c)
						}
					}
				}
			}
		}
	}
}

func TestWrap(t *testing.T) {
	std := ir.StdTypes(ir.LP64)
	for _, tc := range []struct {
		t      *ir.IntType
		lo, hi int64
		want   string
	}{
		{std.SChar, 0, 127, "[0, 127]"},
		{std.SChar, 120, 130, "top(signed char)"},
		{std.SChar, 128, 130, "[-128, -126]"},
		{std.UChar, -1, -1, "[255, 255]"},
		{std.UChar, 250, 260, "top(unsigned char)"},
		{std.Int, 0, 1 << 40, "top(int)"},
		{std.ULLong, -1, 0, "top(unsigned long long)"},
		{std.LongLong, 5, 9, "[5, 9]"},
	} {
		if got := wrap(tc.t, big.NewInt(tc.lo), big.NewInt(tc.hi)).String(); got != tc.want {
			t.Errorf("wrap(%s, %d, %d) = %s, want %s", tc.t, tc.lo, tc.hi, got, tc.want)
		}
	}
	// 64-bit overflow: INT64_MAX + 1 wraps.
	mx := TypeMax(std.LongLong)
	r := arith(ir.Add, std.LongLong, Single(std.LongLong, mx), Single(std.LongLong, big.NewInt(1)))
	if !r.Contains(TypeMin(std.LongLong)) || r.Contains(mx) {
		t.Errorf("INT64_MAX+1 = %s", r)
	}
	// unsigned 64-bit division by an interval containing zero.
	u := std.ULLong
	r = arith(ir.Div, u, Interval{T: u, Lo: big.NewInt(10), Hi: big.NewInt(20)}, Interval{T: u, Lo: big.NewInt(0), Hi: big.NewInt(2)})
	if !r.Contains(TypeMax(u)) || !r.ContainsInt64(5) || !r.ContainsInt64(20) {
		t.Errorf("[10,20]/[0,2] = %s", r)
	}
}
