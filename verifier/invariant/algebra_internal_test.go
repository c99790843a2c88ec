package invariant

import (
	"context"
	"encoding/binary"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/ir/interp"
)

const algebraPre = "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\n" +
	"void assume_abort_if_not(int c) { if (!c) abort(); }\n" +
	"void abort(void);\nvoid __VERIFIER_assert(int c) { if (!c) reach_error(); }\n#define assert __VERIFIER_assert\n"

// algebraTests are programs the prover must prove (want != "") or refuse.
var algebraTests = []struct {
	name, body string
	want       []string // the invariants, or nil: refused
}{
	{"ps2", `int main(void) { int k = __VERIFIER_nondet_int(); long long y = 0, x = 0, c = 0;
		while (1) { assert(y*y - 2*x + y == 0); if (!(c < k)) break; c = c + 1; y = y + 1; x = y + x; }
		assert(y*y - 2*x + y == 0); return 0; }`,
		[]string{"y*y + y - 2*x == 0 (mod 2^64)"}},
	{"egcd", `int main(void) { long long a, b, p, q, r, s; int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
		assume_abort_if_not(x >= 1); assume_abort_if_not(y >= 1);
		a = x; b = y; p = 1; q = 0; r = 0; s = 1;
		while (1) {
			assert(1 == p * s - r * q); assert(a == y * r + x * p); assert(b == x * q + y * s);
			if (!(a != b)) break;
			if (a > b) { a = a - b; p = p - q; r = r - s; } else { b = b - a; q = q - p; s = s - r; }
		}
		assert(p*x + r*y - b == 0); assert(q*r - p*s + 1 == 0); return 0; }`,
		[]string{"p*s - q*r - 1 == 0 (mod 2^64)", "p*x + r*y - a == 0 (mod 2^64)", "q*x + s*y - b == 0 (mod 2^64)"}},
	// Cubes: x = y³ through two auxiliary sums, degree 3, with a 32-bit
	// comparison (W = 32: the 32-bit sums wrap alike).
	{"cubes", `int main(void) { unsigned n = __VERIFIER_nondet_int(), x = 0, y = 0, z = 1, w = 6;
		while (y < n) { assert(w == 6*y + 6); assert(z == 3*y*y + 3*y + 1); assert(x == y*y*y); x = x + z; z = z + w; w = w + 6; y = y + 1; }
		assert(x == y*y*y); return 0; }`,
		[]string{"y*y*y - x == 0 (mod 2^32)", "6*y - w + 6 == 0 (mod 2^32)", "3*y*y + 3*y - z + 1 == 0 (mod 2^32)"}},
	// The invariant asserted only after the loop is a candidate too.
	{"ps2, asserted after the loop", `int main(void) { int k = __VERIFIER_nondet_int(); long long y = 0, x = 0, c = 0;
		while (c < k) { c = c + 1; y = y + 1; x = y + x; }
		assert(2*x == y*y + y); return 0; }`,
		[]string{"y*y + y - 2*x == 0 (mod 2^64)"}},
	// nla-digbench's ps4: degree 4, each iteration adds y³.
	{"ps4", `int main(void) { int k = __VERIFIER_nondet_int(); long long y = 0, x = 0, c = 0;
		while (1) { assert(4*x - y*y*y*y - 2*y*y*y - y*y == 0); if (!(c < k)) break; c = c + 1; y = y + 1; x = y*y*y + x; }
		assert(4*x == y*y*y*y + 2*y*y*y + y*y); return 0; }`,
		[]string{"y*y*y*y + 2*y*y*y + y*y - 4*x == 0 (mod 2^64)"}},
	// A continue is a second jump to the head, and an assertion macro's
	// do { … } while (0) a backward jump never taken: still one loop.
	{"continue and do-while(0)", `#define check(c) do { if (!(c)) reach_error(); } while (0)
		int main(void) { long long y = 0, x = 0;
		while (__VERIFIER_nondet_int()) { check(y*y - 2*x + y == 0); if (__VERIFIER_nondet_int()) continue; y = y + 1; x = y + x; }
		check(y*y - 2*x + y == 0); return 0; }`,
		[]string{"y*y + y - 2*x == 0 (mod 2^64)"}},
	// nla-digbench's mannadiv: the branch's equality y2 + 1 == x2 is the
	// fact that keeps the invariant across the carry.
	{"mannadiv", `int main(void) { int x1 = __VERIFIER_nondet_int(), x2 = __VERIFIER_nondet_int();
		assume_abort_if_not(x1 >= 0); assume_abort_if_not(x2 != 0);
		long long y1 = 0, y2 = 0, y3 = x1;
		while (1) { assert(y1*x2 + y2 + y3 == x1); if (!(y3 != 0)) break;
			if (y2 + 1 == x2) { y1 = y1 + 1; y2 = 0; y3 = y3 - 1; } else { y2 = y2 + 1; y3 = y3 - 1; } }
		assert(y1*x2 + y2 == x1); return 0; }`,
		[]string{"x2*y1 - x1 + y2 + y3 == 0 (mod 2^64)"}},
	// nla-digbench's sqrt1: three equalities, one of them implied by the
	// other two, and the loop's exit on an inequality.
	{"sqrt1", `int main(void) { int n = __VERIFIER_nondet_int(); long long a = 0, s = 1, t = 1;
		while (1) { assert(t == 2*a + 1); assert(s == (a + 1) * (a + 1)); assert(t*t - 4*s + 2*t + 1 == 0);
			if (!(s <= n)) break; a = a + 1; t = t + 2; s = s + t; }
		assert(t == 2*a + 1); assert(s == (a + 1) * (a + 1)); assert(t*t - 4*s + 2*t + 1 == 0); return 0; }`,
		[]string{"2*a - t + 1 == 0 (mod 2^64)", "a*a + 2*a - s + 1 == 0 (mod 2^64)", "t*t - 4*s + 2*t + 1 == 0 (mod 2^64)"}},
	// Two loops one after the other: the second's arrivals come from the
	// first's head, with its invariant.
	{"two loops", `int main(void) { long long y = 0, x = 0;
		while (__VERIFIER_nondet_int()) { assert(y*y - 2*x + y == 0); y = y + 1; x = y + x; }
		while (__VERIFIER_nondet_int()) { assert(y*y - 2*x + y == 0); y = y - 1; x = x - y - 1; }
		assert(2*x == y*y + y); return 0; }`,
		[]string{"y*y + y - 2*x == 0 (mod 2^64)", "y*y + y - 2*x == 0 (mod 2^64)"}},
	// The second loop breaks it (x grows by y, not y + 1, going down).
	{"two loops, the second wrong", `int main(void) { long long y = 0, x = 0;
		while (__VERIFIER_nondet_int()) { assert(y*y - 2*x + y == 0); y = y + 1; x = y + x; }
		while (__VERIFIER_nondet_int()) { assert(y*y - 2*x + y == 0); y = y - 1; x = x - y; }
		return 0; }`, nil},
	// A loop inside another: not this prover's.
	{"nested loops", `int main(void) { long long y = 0, x = 0;
		while (__VERIFIER_nondet_int()) { while (__VERIFIER_nondet_int()) { assert(y*y - 2*x + y == 0); y = y + 1; x = y + x; } }
		return 0; }`, nil},
	// Without w's equality, z's is not preserved, nor x's with it.
	{"cubes, one missing", `int main(void) { unsigned n = __VERIFIER_nondet_int(), x = 0, y = 0, z = 1, w = 6;
		while (y < n) { assert(z == 3*y*y + 3*y + 1); assert(x == y*y*y); x = x + z; z = z + w; w = w + 6; y = y + 1; }
		return 0; }`, nil},
	// The asserted equality holds at the entry but an iteration adds y.
	{"not inductive", `int main(void) { long long x = 0, y = 0;
		while (__VERIFIER_nondet_int()) { assert(y*y == x); y = y + 1; x = x + y; } return 0; }`, nil},
	// 2*y may wrap, but it stays even: the division is exact, its
	// quotient h has 2h ≡ 2y (mod 2^64), and that is all 2x needs.
	{"exact division", `int main(void) { long long x = 0, y = 0;
		while (__VERIFIER_nondet_int()) { assert(2*x == y*y + y); y = y + 1; x = x + (2*y)/2; } return 0; }`,
		[]string{"y*y - 2*x + y == 0 (mod 2^64)"}},
	// y/2 of an odd y truncates: nothing says y is even, so the quotient
	// is unknown (and the assertion fails at the second arrival).
	{"inexact division", `int main(void) { long long x = 0, y = 0;
		while (__VERIFIER_nondet_int()) { assert(2*x == y); y = y + 1; x = y / 2; } return 0; }`, nil},
	// nla-digbench's prodbin: y%2 != 1 says y is even only for y >= 0,
	// which the bounds give (b >= 1 through assume_abort_if_not).
	{"prodbin", `int main(void) { int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(); long long x, y, z;
		assume_abort_if_not(b >= 1); x = a; y = b; z = 0;
		while (1) { assert(z + x * y == (long long) a * b); if (!(y != 0)) break;
			if (y % 2 == 1) { z = z + x; y = y - 1; } x = 2 * x; y = y / 2; }
		assert(z == (long long) a * b); return 0; }`,
		[]string{"a*b - x*y - z == 0 (mod 2^64)", "b >= 0", "y >= 0"}},
	// Without b >= 1, y = -1 has y%2 == -1 and -1/2 == 0: refused (and
	// the assertion fails for a != 0).
	{"prodbin, b of any sign", `int main(void) { int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(); long long x, y, z;
		x = a; y = b; z = 0;
		while (1) { assert(z + x * y == (long long) a * b); if (!(y != 0)) break;
			if (y % 2 == 1) { z = z + x; y = y - 1; } x = 2 * x; y = y / 2; }
		return 0; }`, nil},
	// i wraps at 32 bits, s at 64: s == i*i is an identity step by step
	// but only modulo 2^32, and false after 2^31 + 1 iterations.
	{"narrow counter", `int main(void) { int i = 0; long long s = 0;
		while (__VERIFIER_nondet_int()) { assert(s == (long long)i*i); s = s + 2*(long long)i + 1; i = i + 1; } return 0; }`, nil},
	// A property in a callee is not the prover's to prove.
	{"callee assertion", `void check(long long v) { assert(v >= 0); }
		int main(void) { long long y = 0, x = 0; while (__VERIFIER_nondet_int()) { assert(y*y - 2*x + y == 0); y = y + 1; x = y + x; check(x); } return 0; }`, nil},
	// The assertion after the loop does not follow (x - y*y is not y).
	{"wrong consequence", `int main(void) { long long y = 0, x = 0;
		while (__VERIFIER_nondet_int()) { assert(y*y - 2*x + y == 0); y = y + 1; x = y + x; }
		assert(x == y*y); return 0; }`, nil},
}

func TestProveAlgebraic(t *testing.T) {
	for _, tc := range algebraTests {
		t.Run(tc.name, func(t *testing.T) {
			p := cfronttest.LoadProgram(t, algebraPre+tc.body, ir.LP64).IR
			pf, err := ProveAlgebraic(context.Background(), p, p.Func("main"), nil)
			if tc.want == nil {
				if err == nil {
					t.Fatalf("proved with %v; want refused", pf.Loops)
				}
				t.Logf("refused: %v", err)
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			var got []string
			for _, li := range pf.Loops {
				for _, iv := range li.Invariants {
					got = append(got, iv.String())
				}
			}
			if strings.Join(got, "; ") != strings.Join(tc.want, "; ") {
				t.Errorf("invariants %q, want %q", got, tc.want)
			}
			for _, li := range pf.Loops {
				checkOnRuns(t, p, li)
			}
		})
	}
}

// smallInputs gives every nondeterministic value a random number in
// [-20, 20], so that loops end soon.
type smallInputs struct{ r *rand.Rand }

func (s smallInputs) Next(t ir.Type, why string, pos ir.Pos) ([]byte, error) {
	buf := make([]byte, 8)
	binary.LittleEndian.PutUint64(buf, uint64(s.r.Int63n(41)-20))
	return buf[:t.Size()], nil
}

// checkOnRuns is the soundness check: the proved invariants, asserted at
// the loop's head, hold at every visit of concrete runs (and so do the
// program's own assertions).
func checkOnRuns(t *testing.T, p *ir.Program, pf LoopInvariants) {
	t.Helper()
	f := p.Func("main")
	head := f.Body[pf.Loop.Head]
	if _, ok := head.(*ir.Skip); !ok {
		t.Fatalf("the loop head is a %T, not a skip to replace", head)
	}
	intT := &ir.IntType{Kind: ir.Int, Bits: 32, Signed: true}
	var cond ir.Expr
	for _, iv := range pf.Invariants {
		var e ir.Expr
		switch iv := iv.(type) {
		case PolyInv:
			e = irExpr(iv, intT)
		case NonNeg:
			e = &ir.Binary{Op: ir.Ge, X: &ir.VarRef{V: iv.V}, Y: &ir.Const{T: iv.V.Type}, T: intT}
		}
		if cond == nil {
			cond = e
		} else {
			cond = &ir.Binary{Op: ir.LAnd, X: cond, Y: e, T: intT}
		}
	}
	prop := &ir.Property{ID: "main.invariant", Kind: ir.PropAssertion, Text: "invariants", Pos: head.Pos(), Func: "main"}
	f.Body[pf.Loop.Head] = &ir.Assert{At: ir.At{P: head.Pos()}, Cond: cond, Prop: prop}
	defer func() { f.Body[pf.Loop.Head] = head }()
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 200; i++ {
		res, err := interp.Run(context.Background(), p, "main", interp.Options{Inputs: smallInputs{r}, MaxSteps: 100_000})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status == interp.AssertFailed {
			t.Fatalf("run %d: %s fails at %s (inputs %v)", i, res.Prop.Text, res.Pos, res.Inputs)
		}
	}
}

// irExpr is the invariant as an IR condition, computed in unsigned
// arithmetic of its width as Build does.
func irExpr(q PolyInv, intT ir.Type) ir.Expr {
	u := &ir.IntType{Kind: ir.ULongLong, Bits: 64}
	if q.W == 32 {
		u = &ir.IntType{Kind: ir.UInt, Bits: 32}
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(q.W))
	var sum ir.Expr = &ir.Const{T: u}
	for _, tm := range q.P.sorted() {
		var prod ir.Expr = &ir.Const{T: u, Bits: new(big.Int).Mod(tm.c, mod).Uint64()}
		for _, s := range tm.m {
			prod = &ir.Binary{Op: ir.Mul, X: prod, Y: &ir.Cast{X: &ir.VarRef{V: q.Vars[s]}, T: u}, T: u}
		}
		sum = &ir.Binary{Op: ir.Add, X: sum, Y: prod, T: u}
	}
	return &ir.Binary{Op: ir.Eq, X: sum, Y: &ir.Const{T: u}, T: intT}
}
