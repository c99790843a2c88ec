package contractor

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/prbmc/prbmc/verifier/interval"
	"github.com/prbmc/prbmc/verifier/ir"
)

// TestContractSound checks Definition 6's correctness condition by brute
// force: on random constraints over two 8-bit variables (arithmetic that
// wraps at 8 and 32 bits, division, comparisons, &&, ||, !, ==, !=) and
// random boxes, every point of the box where the constraint has the
// truth value is in the contracted union, in both modes.
func TestContractSound(t *testing.T) {
	sc, uc := std.SChar, std.UChar
	a, b := mkVar("a", sc), mkVar("b", uc)
	s := NewSpace(a, b)
	rng := rand.New(rand.NewSource(7))
	g := &gen{rng: rng, vars: []*ir.Var{a, b}}
	n := 400
	if testing.Short() {
		n = 60
	}
	for i := 0; i < n; i++ {
		e := g.boolean(3)
		box := Box{g.side(sc), g.side(uc)}
		for _, mode := range []Mode{Closed, Integer} {
			for _, truth := range []bool{true, false} {
				u := contract(s, mode, box, e, truth)
				for x := box[0].Lo.Int64(); x <= box[0].Hi.Int64(); x++ {
					for y := box[1].Lo.Int64(); y <= box[1].Hi.Int64(); y++ {
						env := map[*ir.Var]int64{a: x, b: y}
						if (evalC(e, env) != 0) != truth {
							continue
						}
						if !inUnion(u, x, y) {
							t.Fatalf("%s is %v at a=%d b=%d in %s, but the contraction (mode %d) is %s",
								ir.ExprString(e), truth, x, y, s.Format(box), mode, s.FormatUnion(u))
						}
					}
				}
			}
		}
	}
}

func inUnion(u Union, x, y int64) bool {
	for _, bx := range u {
		if bx[0].Lo.Int64() <= x && x <= bx[0].Hi.Int64() && bx[1].Lo.Int64() <= y && y <= bx[1].Hi.Int64() {
			return true
		}
	}
	return false
}

type gen struct {
	rng  *rand.Rand
	vars []*ir.Var
}

func (g *gen) side(t *ir.IntType) Ival {
	full := TypeIval(t)
	lo := full.Lo.Int64() + g.rng.Int63n(full.Hi.Int64()-full.Lo.Int64()+1)
	w := g.rng.Int63n(48)
	hi := lo + w
	if hi > full.Hi.Int64() {
		hi = full.Hi.Int64()
	}
	return NewIval(lo, hi)
}

func (g *gen) typ() *ir.IntType {
	return []*ir.IntType{std.SChar, std.UChar, intT, intT}[g.rng.Intn(4)]
}

func (g *gen) integer(d int, t *ir.IntType) ir.Expr {
	if d == 0 || g.rng.Intn(4) == 0 {
		if g.rng.Intn(3) == 0 {
			return num(t, g.rng.Int63n(300)-150)
		}
		v := g.vars[g.rng.Intn(len(g.vars))]
		if ir.SameType(v.Type, t) {
			return ref(v)
		}
		return &ir.Cast{X: ref(v), T: t}
	}
	switch g.rng.Intn(7) {
	case 0:
		return &ir.Unary{Op: ir.Neg, X: g.integer(d-1, t), T: t}
	case 1:
		o := g.typ()
		return &ir.Cast{X: g.integer(d-1, o), T: t}
	case 2:
		return &ir.Cast{X: g.boolean(d - 1), T: t}
	}
	ops := []ir.BinOp{ir.Add, ir.Sub, ir.Mul, ir.Div, ir.Rem, ir.And, ir.Add, ir.Sub}
	return &ir.Binary{Op: ops[g.rng.Intn(len(ops))], X: g.integer(d-1, t), Y: g.integer(d-1, t), T: t}
}

func (g *gen) boolean(d int) ir.Expr {
	if d > 0 {
		switch g.rng.Intn(6) {
		case 0:
			return &ir.Binary{Op: ir.LAnd, X: g.boolean(d - 1), Y: g.boolean(d - 1), T: intT}
		case 1:
			return &ir.Binary{Op: ir.LOr, X: g.boolean(d - 1), Y: g.boolean(d - 1), T: intT}
		case 2:
			return &ir.Unary{Op: ir.LNot, X: g.boolean(d - 1), T: intT}
		case 3:
			return g.integer(d-1, g.typ())
		}
	}
	t := g.typ()
	ops := []ir.BinOp{ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge}
	return &ir.Binary{Op: ops[g.rng.Intn(len(ops))], X: g.integer(d, t), Y: g.integer(d, t), T: intT}
}

// evalC is the IR's concrete semantics (package ir's doc) for the
// operators the generator uses.
func evalC(e ir.Expr, env map[*ir.Var]int64) int64 {
	wrapTo := func(t ir.Type, v int64) int64 {
		it := t.(*ir.IntType)
		r := new(big.Int).SetInt64(v)
		return FromInterval(wrapOne(it, r)).Lo.Int64()
	}
	b2i := func(c bool) int64 {
		if c {
			return 1
		}
		return 0
	}
	switch e := e.(type) {
	case *ir.Const:
		return interval.ConstValue(e.T.(*ir.IntType), e.Bits).Int64()
	case *ir.VarRef:
		return env[e.V]
	case *ir.Cast:
		x := evalC(e.X, env)
		if e.T.(*ir.IntType).IsBool() {
			return b2i(x != 0)
		}
		return wrapTo(e.T, x)
	case *ir.Unary:
		x := evalC(e.X, env)
		switch e.Op {
		case ir.Neg:
			return wrapTo(e.T, -x)
		case ir.LNot:
			return b2i(x == 0)
		}
	case *ir.Binary:
		switch e.Op {
		case ir.LAnd:
			return b2i(evalC(e.X, env) != 0 && evalC(e.Y, env) != 0)
		case ir.LOr:
			return b2i(evalC(e.X, env) != 0 || evalC(e.Y, env) != 0)
		}
		x, y := evalC(e.X, env), evalC(e.Y, env)
		t := e.X.Type().(*ir.IntType)
		switch e.Op {
		case ir.Add:
			return wrapTo(e.T, x+y)
		case ir.Sub:
			return wrapTo(e.T, x-y)
		case ir.Mul:
			return wrapTo(e.T, x*y)
		case ir.Div:
			if y == 0 {
				if !t.Signed {
					return TypeIval(t).Hi.Int64()
				}
				if x < 0 {
					return 1
				}
				return -1
			}
			return wrapTo(e.T, x/y)
		case ir.Rem:
			if y == 0 {
				return x
			}
			return wrapTo(e.T, x%y)
		case ir.And:
			return wrapTo(e.T, x&y)
		case ir.Eq:
			return b2i(x == y)
		case ir.Ne:
			return b2i(x != y)
		case ir.Lt:
			return b2i(x < y)
		case ir.Le:
			return b2i(x <= y)
		case ir.Gt:
			return b2i(x > y)
		case ir.Ge:
			return b2i(x >= y)
		}
	}
	panic("evalC: " + ir.ExprString(e))
}

func wrapOne(t *ir.IntType, v *big.Int) interval.Interval { return interval.Wrap(t, v, v) }
