package contractor

import (
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/prbmc/prbmc/verifier/interval"
	"github.com/prbmc/prbmc/verifier/ir"
)

// TestFloatContractSound is TestContractSound for float dimensions: on
// random constraints over two floats, a double and an 8-bit integer
// (float and double +, -, *, /, negation, conversions both ways, float
// comparisons, truth values, &&, ||, !) and random boxes (with or without
// NaN, infinities, subnormals), every sampled point where the constraint
// has the truth value — ±0, ±Inf, NaN, the box's corners and random
// values in between — is in the contraction, in both modes. Points where
// a float-to-integer conversion is out of range (undefined) are skipped.
func TestFloatContractSound(t *testing.T) {
	ft, dt := std.Float, std.Double
	a, b := mkFVar("a", ft), mkFVar("b", ft)
	d := mkFVar("d", dt)
	c := mkVar("c", std.SChar)
	s := NewSpace(a, b, d, c)
	rng := rand.New(rand.NewSource(11))
	g := &fgen{rng: rng, fl: []*ir.Var{a, b}, db: []*ir.Var{d}, in: c}
	n := 1500
	if testing.Short() {
		n = 250
	}
	checked := 0
	for k := 0; k < n; k++ {
		e := g.boolean(3)
		box := Box{g.side(ft), g.side(ft), g.side(dt), (&gen{rng: rng}).side(std.SChar)}
		pts := make([][]float64, 4)
		for i := range pts {
			pts[i] = g.points(s.typ(i), box[i])
		}
		for _, mode := range []Mode{Closed, Integer} {
			for _, truth := range []bool{true, false} {
				u := contract(s, mode, box, e, truth)
				for trial := 0; trial < 60; trial++ {
					p := make([]float64, 4)
					for i := range p {
						p[i] = pts[i][rng.Intn(len(pts[i]))]
					}
					env := map[*ir.Var]float64{a: p[0], b: p[1], d: p[2], c: p[3]}
					v, ok := evalF(e, env)
					if !ok || (v != 0) != truth {
						continue
					}
					checked++
					if !inUnionF(s, u, p) {
						t.Fatalf("%s is %v at a=%g b=%g d=%g c=%g in %s, but the contraction (mode %d) is %s",
							ir.ExprString(e), truth, p[0], p[1], p[2], p[3], s.Format(box), mode, s.FormatUnion(u))
					}
				}
			}
		}
	}
	if checked < n*20 {
		t.Errorf("only %d points checked", checked)
	}
}

// TestFloatContract pins the precision of the float contractor on the
// shapes the instrumentation meets: comparisons with constants, NaN on
// the false side, arithmetic inverted with outward rounding.
func TestFloatContract(t *testing.T) {
	ft, dt := std.Float, std.Double
	x := mkFVar("x", ft)
	y := mkFVar("y", dt)
	i := mkVar("i", intT)
	s := NewSpace(x, y, i)
	fc := func(v float64) ir.Expr { return ir.NewFloatConst(ft, v) }
	dc := func(v float64) ir.Expr { return ir.NewFloatConst(dt, v) }
	cmp := func(op ir.BinOp, l, r ir.Expr) ir.Expr { return &ir.Binary{Op: op, X: l, Y: r, T: intT} }
	add := func(l, r ir.Expr, t ir.Type) ir.Expr { return &ir.Binary{Op: ir.Add, X: l, Y: r, T: t} }
	mul := func(l, r ir.Expr, t ir.Type) ir.Expr { return &ir.Binary{Op: ir.Mul, X: l, Y: r, T: t} }
	top := Box{floatFull(ft), floatFull(dt), TypeIval(intT)}
	tests := []struct {
		name  string
		e     ir.Expr
		truth bool
		want  string
	}{
		{"x <= 10", cmp(ir.Le, ref(x), fc(10)), true,
			"[x] = [-Inf, 10] × [y] = [-Inf, +Inf] ∪ {NaN} × [i] = [MIN, MAX]"},
		{"!(x < 10): NaN or at least 10", cmp(ir.Lt, ref(x), fc(10)), false,
			"[x] = {NaN} × [y] = [-Inf, +Inf] ∪ {NaN} × [i] = [MIN, MAX] ∪ [x] = [10, +Inf] × [y] = [-Inf, +Inf] ∪ {NaN} × [i] = [MIN, MAX]"},
		{"x + 1 <= 10: up to 9 exactly, one float more after outward rounding", cmp(ir.Le, add(ref(x), fc(1), ft), fc(10)), true,
			"[x] = [-Inf, 9.000000953674316] × [y] = [-Inf, +Inf] ∪ {NaN} × [i] = [MIN, MAX]"},
		{"(double)x * 2 > 1e300: only +Inf", cmp(ir.Gt, mul(&ir.Cast{X: ref(x), T: dt}, dc(2), dt), dc(1e300)), true,
			"[x] = [+Inf, +Inf] × [y] = [-Inf, +Inf] ∪ {NaN} × [i] = [MIN, MAX]"},
		{"(float)i == 0.5: no integer", cmp(ir.Eq, &ir.Cast{X: ref(i), T: ft}, fc(0.5)), true, "∅"},
		{"(double)i >= 2.5 && (double)i < 4", &ir.Binary{Op: ir.LAnd,
			X: cmp(ir.Ge, &ir.Cast{X: ref(i), T: dt}, dc(2.5)), Y: cmp(ir.Lt, &ir.Cast{X: ref(i), T: dt}, dc(4)), T: intT}, true,
			"[x] = [-Inf, +Inf] ∪ {NaN} × [y] = [-Inf, +Inf] ∪ {NaN} × [i] = [3, 3]"},
		{"y != y: NaN, and numbers (each side is contracted alone)", cmp(ir.Ne, ref(y), ref(y)), true,
			"[x] = [-Inf, +Inf] ∪ {NaN} × [y] = {NaN} × [i] = [MIN, MAX] ∪ [x] = [-Inf, +Inf] ∪ {NaN} × [y] = [-1.7976931348623143e+308, 1.7976931348623143e+308] × [i] = [MIN, MAX]"},
		{"(float)y >= 1: y from just below 1", cmp(ir.Ge, &ir.Cast{X: ref(y), T: ft}, fc(1)), true,
			"[x] = [-Inf, +Inf] ∪ {NaN} × [y] = [0.9999999403953552, +Inf] × [i] = [MIN, MAX]"},
	}
	for _, tc := range tests {
		u := contract(s, Integer, top, tc.e, tc.truth)
		got := s.FormatUnion(u)
		if got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
}

func mkFVar(name string, t *ir.FloatType) *ir.Var {
	return &ir.Var{Name: name, Source: name, Type: t, Kind: ir.Local}
}

func inUnionF(s *Space, u Union, p []float64) bool {
	for _, bx := range u {
		in := true
		for i, side := range bx {
			var o *big.Int
			switch t := s.typ(i).(type) {
			case *ir.FloatType:
				if math.IsNaN(p[i]) {
					o = big.NewInt(infOrd(t) + 1)
				} else {
					o = big.NewInt(ordOf(t, p[i]))
				}
			default:
				o = big.NewInt(int64(p[i]))
			}
			if side.Lo.Cmp(o) > 0 || o.Cmp(side.Hi) > 0 {
				in = false
				break
			}
		}
		if in {
			return true
		}
	}
	return false
}

type fgen struct {
	rng    *rand.Rand
	fl, db []*ir.Var
	in     *ir.Var
}

// interesting are values around which floats misbehave.
var interesting = []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 0.1, -2.5, 3, 10, 1e7, 16777217, 1e30, -1e30,
	3.4e38, math.MaxFloat32, -math.MaxFloat32, 1e300, math.SmallestNonzeroFloat32, 1e-40, math.Inf(1), math.Inf(-1)}

func (g *fgen) value(t *ir.FloatType) float64 {
	var v float64
	switch g.rng.Intn(3) {
	case 0:
		v = interesting[g.rng.Intn(len(interesting))]
	case 1:
		v = float64(g.rng.Intn(41) - 20)
	default:
		v = g.rng.NormFloat64() * math.Pow(10, float64(g.rng.Intn(9)-4))
	}
	return interval.RoundTo(t, v)
}

func (g *fgen) side(t *ir.FloatType) Ival {
	switch g.rng.Intn(6) {
	case 0:
		return floatFull(t)
	case 1:
		return nanOnly(t)
	}
	lo, hi := g.value(t), g.value(t)
	if lo > hi {
		lo, hi = hi, lo
	}
	return ordRange(t, lo, hi, g.rng.Intn(4) == 0)
}

// points samples side: its ends, values in it, NaN if it has NaN.
func (g *fgen) points(t ir.Type, side Ival) []float64 {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		var ps []float64
		for x := side.Lo.Int64(); x <= side.Hi.Int64(); x++ {
			ps = append(ps, float64(x))
		}
		return ps
	}
	var ps []float64
	if hasNaN(ft, side) {
		ps = append(ps, math.NaN())
	}
	num := side.Meet(numbers(ft))
	if num.Empty() {
		return ps
	}
	lo, hi := num.Lo.Int64(), num.Hi.Int64()
	ps = append(ps, valOf(ft, lo), valOf(ft, hi))
	for _, v := range interesting {
		if o := ordOf(ft, interval.RoundTo(ft, v)); lo <= o && o <= hi {
			ps = append(ps, valOf(ft, o))
		}
	}
	for k := 0; k < 8; k++ {
		span := uint64(hi-lo) + 1 // no overflow: |lo|, |hi| < 2^63
		ps = append(ps, valOf(ft, lo+int64(g.rng.Uint64()%span)))
	}
	return ps
}

func (g *fgen) fexpr(d int, t *ir.FloatType) ir.Expr {
	vars := g.fl
	if t.Bits == 64 {
		vars = g.db
	}
	if d == 0 || g.rng.Intn(4) == 0 {
		switch g.rng.Intn(4) {
		case 0:
			return ir.NewFloatConst(t, g.value(t))
		case 1:
			return &ir.Cast{X: ref(g.in), T: t}
		}
		return ref(vars[g.rng.Intn(len(vars))])
	}
	switch g.rng.Intn(6) {
	case 0:
		return &ir.Unary{Op: ir.Neg, X: g.fexpr(d-1, t), T: t}
	case 1:
		o := std.Float
		if t.Bits == 32 {
			o = std.Double
		}
		return &ir.Cast{X: g.fexpr(d-1, o), T: t}
	}
	ops := []ir.BinOp{ir.Add, ir.Sub, ir.Mul, ir.Div, ir.Add, ir.Sub}
	x := g.fexpr(d-1, t)
	var y ir.Expr
	if g.rng.Intn(2) == 0 {
		y = ir.NewFloatConst(t, g.value(t))
	} else {
		y = g.fexpr(d-1, t)
	}
	return &ir.Binary{Op: ops[g.rng.Intn(len(ops))], X: x, Y: y, T: t}
}

func (g *fgen) ftype() *ir.FloatType {
	if g.rng.Intn(3) == 0 {
		return std.Double
	}
	return std.Float
}

func (g *fgen) boolean(d int) ir.Expr {
	if d > 0 {
		switch g.rng.Intn(7) {
		case 0:
			return &ir.Binary{Op: ir.LAnd, X: g.boolean(d - 1), Y: g.boolean(d - 1), T: intT}
		case 1:
			return &ir.Binary{Op: ir.LOr, X: g.boolean(d - 1), Y: g.boolean(d - 1), T: intT}
		case 2:
			return &ir.Unary{Op: ir.LNot, X: g.boolean(d - 1), T: intT}
		case 3: // a float's truth value
			return &ir.Cast{X: g.fexpr(d-1, g.ftype()), T: std.Bool}
		case 4: // a conversion to an integer
			return &ir.Binary{Op: ir.Lt, X: &ir.Cast{X: g.fexpr(d-1, g.ftype()), T: intT}, Y: num(intT, g.rng.Int63n(21)-10), T: intT}
		}
	}
	t := g.ftype()
	ops := []ir.BinOp{ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge}
	return &ir.Binary{Op: ops[g.rng.Intn(len(ops))], X: g.fexpr(d, t), Y: g.fexpr(d, t), T: intT}
}

// evalF is the IR's concrete semantics for the generator's operators:
// every float operation rounds to its type (the explicit conversions keep
// Go from fusing). ok is false where a conversion to an integer is out of
// range (undefined: the interpreter faults, the solver picks any value).
func evalF(e ir.Expr, env map[*ir.Var]float64) (float64, bool) {
	r32 := func(t ir.Type, v float64) float64 {
		if ft, ok := t.(*ir.FloatType); ok && ft.Bits == 32 {
			return float64(float32(v))
		}
		return v
	}
	b2f := func(c bool) float64 {
		if c {
			return 1
		}
		return 0
	}
	switch e := e.(type) {
	case *ir.Const:
		return float64(evalC(e, nil)), true
	case *ir.FloatConst:
		return e.V, true
	case *ir.VarRef:
		return env[e.V], true
	case *ir.Cast:
		x, ok := evalF(e.X, env)
		if !ok {
			return 0, false
		}
		switch t := e.T.(type) {
		case *ir.FloatType:
			return r32(t, x), true
		case *ir.IntType:
			if t.IsBool() {
				return b2f(x != 0), true
			}
			if _, isF := e.X.Type().(*ir.FloatType); isF {
				tr := math.Trunc(x)
				full := TypeIval(t)
				if math.IsNaN(x) || tr < float64(full.Lo.Int64()) || tr > float64(full.Hi.Int64()) {
					return 0, false
				}
				return tr, true
			}
			return float64(evalC(&ir.Cast{X: &ir.Const{T: e.X.Type(), Bits: uint64(int64(x))}, T: t}, nil)), true
		}
	case *ir.Unary:
		x, ok := evalF(e.X, env)
		if !ok {
			return 0, false
		}
		switch e.Op {
		case ir.Neg:
			return -x, true
		case ir.LNot:
			return b2f(x == 0), true
		}
	case *ir.Binary:
		x, okx := evalF(e.X, env)
		y, oky := evalF(e.Y, env)
		switch e.Op {
		case ir.LAnd:
			if okx && x == 0 {
				return 0, true
			}
			return b2f(x != 0 && y != 0), okx && oky
		case ir.LOr:
			if okx && x != 0 {
				return 1, true
			}
			return b2f(x != 0 || y != 0), okx && oky
		}
		if !okx || !oky {
			return 0, false
		}
		switch e.Op {
		case ir.Add:
			return r32(e.T, x+y), true
		case ir.Sub:
			return r32(e.T, x-y), true
		case ir.Mul:
			return r32(e.T, x*y), true
		case ir.Div:
			return r32(e.T, x/y), true
		case ir.Eq:
			return b2f(x == y), true
		case ir.Ne:
			return b2f(x != y), true
		case ir.Lt:
			return b2f(x < y), true
		case ir.Le:
			return b2f(x <= y), true
		case ir.Gt:
			return b2f(x > y), true
		case ir.Ge:
			return b2f(x >= y), true
		}
	}
	panic("evalF: " + ir.ExprString(e))
}
