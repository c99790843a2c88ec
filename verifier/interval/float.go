package interval

import (
	"fmt"
	"math"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Float is a set of values of the float or double type T: the reals (and
// infinities) between Lo and Hi that T can represent, plus NaN when NaN
// is set. Lo > Hi means no number, only NaN (then NaN is set). -0 and +0
// are one value here: they compare equal, and only a division by zero,
// which the domain never bounds, tells them apart.
type Float struct {
	T      *ir.FloatType
	Lo, Hi float64 // ±Inf allowed, never NaN
	NaN    bool
}

// floatTrackable reports whether values of t are modelled by the domain:
// float and double, not long double (the x87 format is not float64).
func floatTrackable(t ir.Type) (*ir.FloatType, bool) {
	ft, ok := t.(*ir.FloatType)
	if !ok || ft.Bits != 32 && ft.Bits != 64 {
		return nil, false
	}
	return ft, true
}

// FloatTop is every value of t, NaN included.
func FloatTop(t *ir.FloatType) Float {
	return Float{T: t, Lo: math.Inf(-1), Hi: math.Inf(1), NaN: true}
}

// FloatSingle is {v} (v not NaN) of type t.
func FloatSingle(t *ir.FloatType, v float64) Float { return Float{T: t, Lo: v, Hi: v} }

// Empty reports whether no number is in f (at most NaN).
func (f Float) Empty() bool { return f.Lo > f.Hi }

// IsTop reports whether f holds every value of its type.
func (f Float) IsTop() bool { return f.NaN && math.IsInf(f.Lo, -1) && math.IsInf(f.Hi, 1) }

// Contains reports whether x (possibly NaN) lies in f.
func (f Float) Contains(x float64) bool {
	if math.IsNaN(x) {
		return f.NaN
	}
	return f.Lo <= x && x <= f.Hi
}

func (f Float) String() string {
	if f.IsTop() {
		return fmt.Sprintf("top(%s)", f.T)
	}
	s := "{}"
	if !f.Empty() {
		s = fmt.Sprintf("[%g, %g]", f.Lo, f.Hi)
	}
	if f.NaN {
		s += "+NaN"
	}
	return s
}

func (f Float) equal(g Float) bool {
	if f.NaN != g.NaN || f.Empty() != g.Empty() {
		return false
	}
	return f.Empty() || f.Lo == g.Lo && f.Hi == g.Hi
}

// Hull is the least Float holding f and g, of f's type.
func (f Float) Hull(g Float) Float {
	switch {
	case f.Empty():
		return Float{T: f.T, Lo: g.Lo, Hi: g.Hi, NaN: f.NaN || g.NaN}
	case g.Empty():
		return Float{T: f.T, Lo: f.Lo, Hi: f.Hi, NaN: f.NaN || g.NaN}
	}
	return Float{T: f.T, Lo: math.Min(f.Lo, g.Lo), Hi: math.Max(f.Hi, g.Hi), NaN: f.NaN || g.NaN}
}

// meetNum keeps the numbers of f within [lo, hi] and drops NaN: what a
// comparison that held leaves. ok is false when nothing is left.
func (f Float) meetNum(lo, hi float64) (Float, bool) {
	r := Float{T: f.T, Lo: math.Max(f.Lo, lo), Hi: math.Min(f.Hi, hi)}
	r = r.fit()
	return r, !r.Empty()
}

// fit shrinks the bounds to values of f.T: a float's bounds computed in
// double precision (a comparison with a double) round inwards, which
// keeps every float of the set and makes the corners of later operations
// exact.
func (f Float) fit() Float {
	if f.T.Bits != 32 || f.Empty() {
		return f
	}
	lo, hi := float32(f.Lo), float32(f.Hi)
	if float64(lo) < f.Lo {
		lo = math.Nextafter32(lo, float32(math.Inf(1)))
	}
	if float64(hi) > f.Hi {
		hi = math.Nextafter32(hi, float32(math.Inf(-1)))
	}
	f.Lo, f.Hi = float64(lo), float64(hi)
	return f
}

// below is the greatest value of t less than x (x itself at -Inf, which
// only loses precision); above the least greater. x need not be a value
// of t (a widening threshold from a double constant): a conversion that
// rounded the wrong way is corrected first.
func below(t *ir.FloatType, x float64) float64 {
	if t.Bits == 32 {
		r := float32(x)
		if float64(r) >= x {
			r = math.Nextafter32(r, float32(math.Inf(-1)))
		}
		return float64(r)
	}
	return math.Nextafter(x, math.Inf(-1))
}

func above(t *ir.FloatType, x float64) float64 {
	if t.Bits == 32 {
		r := float32(x)
		if float64(r) <= x {
			r = math.Nextafter32(r, float32(math.Inf(1)))
		}
		return float64(r)
	}
	return math.Nextafter(x, math.Inf(1))
}

// roundTo is x rounded to nearest in t, as a conversion to t rounds.
func roundTo(t *ir.FloatType, x float64) float64 {
	if t.Bits == 32 {
		return float64(float32(x))
	}
	return x
}

// fop is x op y in t's precision, rounded as the program rounds it.
func fop(op ir.BinOp, t *ir.FloatType, x, y float64) float64 {
	if t.Bits == 32 {
		return float64(farith(op, float32(x), float32(y)))
	}
	return farith(op, x, y)
}

// farith is x op y in F's precision; the conversions keep Go from fusing
// operations.
func farith[F float32 | float64](op ir.BinOp, x, y F) F {
	switch op {
	case ir.Add:
		return F(x + y)
	case ir.Sub:
		return F(x - y)
	case ir.Mul:
		return F(x * y)
	}
	return F(x / y)
}

// FloatArith over-approximates a op b (+, -, *, /) in type t. IEEE
// round-to-nearest is a monotone function of the exact result, and the
// exact result over a box is bounded by its corners, so the rounded
// corners bound every rounded result, overflow to ±Inf included. A NaN
// can only arise at a corner for +, - and / (the infinities are bounds),
// but 0 * Inf can hide inside a box, and x / 0 is ±Inf or NaN: those
// cases give top.
func FloatArith(op ir.BinOp, t *ir.FloatType, a, b Float) Float {
	if op != ir.Add && op != ir.Sub && op != ir.Mul && op != ir.Div {
		return FloatTop(t)
	}
	nan := a.NaN || b.NaN
	if a.Empty() || b.Empty() {
		// Only NaN operands on one side: only NaN comes out.
		return Float{T: t, Lo: math.Inf(1), Hi: math.Inf(-1), NaN: nan}
	}
	has0 := func(f Float) bool { return f.Lo <= 0 && f.Hi >= 0 }
	hasInf := func(f Float) bool { return math.IsInf(f.Lo, 0) || math.IsInf(f.Hi, 0) }
	switch op {
	case ir.Div:
		if has0(b) {
			return FloatTop(t)
		}
	case ir.Mul:
		if has0(a) && hasInf(b) || hasInf(a) && has0(b) {
			return FloatTop(t)
		}
	}
	cs := [4]float64{fop(op, t, a.Lo, b.Lo), fop(op, t, a.Lo, b.Hi), fop(op, t, a.Hi, b.Lo), fop(op, t, a.Hi, b.Hi)}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, c := range cs {
		if math.IsNaN(c) {
			return FloatTop(t)
		}
		lo, hi = math.Min(lo, c), math.Max(hi, c)
	}
	return Float{T: t, Lo: lo, Hi: hi, NaN: nan}
}

// floatCompare evaluates the comparison a op b as int 0/1 of type t: an
// ordered comparison with a NaN is false, != with a NaN true.
func floatCompare(op ir.BinOp, t *ir.IntType, a, b Float) Interval {
	nan := a.NaN || b.NaN
	num := !a.Empty() && !b.Empty()
	var canT, canF bool
	switch op {
	case ir.Lt:
		canT, canF = num && a.Lo < b.Hi, nan || num && a.Hi >= b.Lo
	case ir.Le:
		canT, canF = num && a.Lo <= b.Hi, nan || num && a.Hi > b.Lo
	case ir.Gt:
		return floatCompare(ir.Lt, t, b, a)
	case ir.Ge:
		return floatCompare(ir.Le, t, b, a)
	case ir.Eq, ir.Ne:
		overlap := num && a.Lo <= b.Hi && b.Lo <= a.Hi
		same := num && a.Lo == a.Hi && b.Lo == b.Hi && a.Lo == b.Lo
		canT, canF = overlap, nan || num && !same
		if op == ir.Ne {
			canT, canF = canF, canT
		}
	default:
		return Top(t)
	}
	return Bool(t, canF, canT)
}

// floatTruth says whether f may be zero and whether it may be nonzero
// (NaN is nonzero: it is true in C).
func floatTruth(f Float) (maybe0, maybe1 bool) {
	if f.Empty() {
		return false, true
	}
	return f.Lo <= 0 && f.Hi >= 0, f.NaN || f.Lo != 0 || f.Hi != 0
}

// widenFloat extrapolates old towards nw (nw ⊒ old): a bound that grew
// jumps to the nearest float threshold beyond it, else to ±Inf. The NaN
// flag can only be set once; finitely many thresholds bound the rest.
func (th *Thresholds) widenFloat(old, nw Float) Float {
	if old.Empty() || nw.Empty() {
		return nw
	}
	lo, hi := nw.Lo, nw.Hi
	if lo < old.Lo {
		lo = math.Inf(-1)
		for k := len(th.floats) - 1; k >= 0; k-- {
			if v := th.floats[k]; v <= nw.Lo {
				lo = v
				break
			}
		}
	}
	if hi > old.Hi {
		hi = math.Inf(1)
		for _, v := range th.floats {
			if v >= nw.Hi {
				hi = v
				break
			}
		}
	}
	return Float{T: nw.T, Lo: lo, Hi: hi, NaN: nw.NaN}.fit()
}
