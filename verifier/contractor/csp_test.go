package contractor

import (
	"math/big"
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
)

var (
	std  = ir.StdTypes(ir.ILP32)
	intT = std.Int
)

func mkVar(name string, t *ir.IntType) *ir.Var {
	return &ir.Var{Name: name, Source: name, Type: t, Kind: ir.Local}
}

func ref(v *ir.Var) ir.Expr { return &ir.VarRef{V: v} }

func cmp(op ir.BinOp, x, y ir.Expr) ir.Expr { return &ir.Binary{Op: op, X: x, Y: y, T: intT} }

func num(t *ir.IntType, v int64) ir.Expr { return constExpr(t, big.NewInt(v)) }

func iv(lo, hi int64) Ival { return NewIval(lo, hi) }

func maxOf(t *ir.IntType) int64 { return TypeIval(t).Hi.Int64() }

// TestPaperExamples reproduces the boxes of the paper's worked examples.
func TestPaperExamples(t *testing.T) {
	u := std.UInt
	maxU, maxI := maxOf(u), maxOf(intT)
	ux, uy := mkVar("x", u), mkVar("y", u)
	ix, iy := mkVar("x", intT), mkVar("y", intT)
	type want struct{ outer, inner, in []Box }
	cases := []struct {
		name   string
		x, y   *ir.Var
		domain Box
		c      ir.Expr
		mode   Mode
		want   want
	}{
		// Fig. 3/4: assume(x <= 20); assert(x >= y): the outer contractor
		// contracts [x2] from [0, Max_uint] to [0, 20].
		{"fig3-outer", ux, uy, Box{iv(0, 20), iv(0, maxU)}, cmp(ir.Ge, ref(ux), ref(uy)), Closed,
			want{outer: []Box{{iv(0, 20), iv(0, 20)}}}},
		// Fig. 6/7: x in [20, 30], y in [0, 30]: the inner contractor (with
		// the paper's I = [0, ∞)) contracts [x2] to [20, 30].
		{"fig6-inner", ux, uy, Box{iv(20, 30), iv(0, 30)}, cmp(ir.Ge, ref(ux), ref(uy)), Closed,
			want{outer: []Box{{iv(20, 30), iv(0, 30)}}, inner: []Box{{iv(20, 30), iv(20, 30)}},
				in: []Box{{iv(20, 30), iv(0, 19)}}}},
		// The same with the integers' exact complement y - x >= 1.
		{"fig6-inner-integer", ux, uy, Box{iv(20, 30), iv(0, 30)}, cmp(ir.Ge, ref(ux), ref(uy)), Integer,
			want{outer: []Box{{iv(20, 30), iv(0, 30)}}, inner: []Box{{iv(20, 29), iv(21, 30)}},
				in: []Box{{iv(30, 30), iv(0, 30)}, {iv(20, 29), iv(0, 20)}}}},
		// Fig. 9/10: afnp2014, [x] = [1, Max_int] × [0, 1000], x >= y: the
		// outer contractor keeps the domain (S_out = ∅), the inner one gives
		// [1, 1000] × [1, 1000].
		{"afnp2014", ix, iy, Box{iv(1, maxI), iv(0, 1000)}, cmp(ir.Ge, ref(ix), ref(iy)), Closed,
			want{outer: []Box{{iv(1, maxI), iv(0, 1000)}}, inner: []Box{{iv(1, 1000), iv(1, 1000)}},
				in: []Box{{iv(1001, maxI), iv(0, 1000)}, {iv(1, 1000), iv(0, 0)}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := NewSpace(c.x, c.y)
			p, err := NewCSP(s, c.domain, c.mode, c.c)
			if err != nil {
				t.Fatal(err)
			}
			sets := p.Solve()
			check := func(what string, got Union, want []Box) {
				t.Helper()
				if want == nil {
					return
				}
				if !sameUnion(got, Union(want)) {
					t.Errorf("%s = %s, want %s", what, s.FormatUnion(got), s.FormatUnion(want))
				}
			}
			check("[x]'", sets.Outer, c.want.outer)
			check("[x]''", sets.Inner, c.want.inner)
			check("S_in", sets.In, c.want.in)
			if c.want.inner != nil && !sameUnion(sets.Boundary, sets.Inner) {
				t.Errorf("S_boundary %s is not [x]''", s.FormatUnion(sets.Boundary))
			}
			// S_out ∪ S_in ∪ S_boundary covers the domain.
			if rest := (Union{c.domain}).Diff(append(append(append(Union(nil), sets.Out...), sets.In...), sets.Boundary...)); !rest.Empty() {
				t.Errorf("the three sets miss %s", s.FormatUnion(rest))
			}
		})
	}
}
