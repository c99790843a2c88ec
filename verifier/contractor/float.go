package contractor

import (
	"math"
	"math/big"

	"github.com/prbmc/prbmc/verifier/interval"
	"github.com/prbmc/prbmc/verifier/ir"
)

// Float dimensions. A float or double variable is a side of a box like an
// integer one, so that boxes, their differences and unions, the monotonicity
// argument and the pruning assumes stay one code: its Ival holds ordinals,
// the values of the type numbered in increasing order (-Inf = -inf, …, -0
// and +0 = 0, the least positive subnormal = 1, …, +Inf = inf), with NaN
// at inf+1. The ordinals of the numbers are their IEEE bits read as a
// sign and magnitude, so x < y exactly when ord(x) < ord(y), x == y when
// the ordinals are equal (-0 == +0, as in C), and the next float is the
// next ordinal, which Box.Diff relies on. A set of numbers with NaN is
// one interval only up to +Inf: [0, 10] ∪ {NaN} is kept as [0, +Inf] ∪
// {NaN}, which over-approximates and so stays sound.
//
// Comparisons are decided on ordinals (f = ord X - ord Y ∈ I, exact
// integer arithmetic), after both sides are restricted to numbers: an
// ordered comparison with a NaN is false, != true. Arithmetic goes forward
// through package interval's float transfer (corners rounded as the
// program rounds) and backward with outward rounding: the exact result of
// z = x ∘ y lies between the floats before and after z's bounds, so x
// lies between those bounds ∘⁻¹ y, each rounded away once more.

// floatDim reports whether values of t are a float dimension (float or
// double; long double's x87 format is not modelled).
func floatDim(t ir.Type) (*ir.FloatType, bool) { return interval.FloatTrackable(t) }

// infOrd is the ordinal of +Inf in t.
func infOrd(t *ir.FloatType) int64 {
	if t.Bits == 32 {
		return 0x7F800000
	}
	return 0x7FF0000000000000
}

// floatFull is every value of t, NaN included.
func floatFull(t *ir.FloatType) Ival { return NewIval(-infOrd(t), infOrd(t)+1) }

// numbers is every number of t (±Inf included), no NaN.
func numbers(t *ir.FloatType) Ival { return NewIval(-infOrd(t), infOrd(t)) }

// nanOnly is {NaN}.
func nanOnly(t *ir.FloatType) Ival { return NewIval(infOrd(t)+1, infOrd(t)+1) }

// hasNaN reports whether i holds NaN.
func hasNaN(t *ir.FloatType, i Ival) bool {
	return !i.Empty() && i.Hi.Cmp(big.NewInt(infOrd(t))) > 0
}

// ordOf is the ordinal of x, a number of t.
func ordOf(t *ir.FloatType, x float64) int64 {
	if t.Bits == 32 {
		b := math.Float32bits(float32(x))
		m := int64(b &^ (1 << 31))
		if b>>31 != 0 {
			m = -m
		}
		return m
	}
	b := math.Float64bits(x)
	m := int64(b &^ (1 << 63))
	if b>>63 != 0 {
		m = -m
	}
	return m
}

// valOf is the number of t with ordinal o (|o| ≤ infOrd(t)).
func valOf(t *ir.FloatType, o int64) float64 {
	neg := o < 0
	if neg {
		o = -o
	}
	var x float64
	if t.Bits == 32 {
		x = float64(math.Float32frombits(uint32(o)))
	} else {
		x = math.Float64frombits(uint64(o))
	}
	if neg {
		x = -x
	}
	return x
}

// upTo is the least number of t ≥ x; downTo the greatest ≤ x.
func upTo(t *ir.FloatType, x float64) float64 {
	if t.Bits == 32 {
		r := float32(x)
		if float64(r) < x {
			r = math.Nextafter32(r, float32(math.Inf(1)))
		}
		return float64(r)
	}
	return x
}

func downTo(t *ir.FloatType, x float64) float64 {
	if t.Bits == 32 {
		r := float32(x)
		if float64(r) > x {
			r = math.Nextafter32(r, float32(math.Inf(-1)))
		}
		return float64(r)
	}
	return x
}

// prevIn and nextIn are the neighbours of x (a number of t) in t.
func prevIn(t *ir.FloatType, x float64) float64 {
	if t.Bits == 32 {
		return float64(math.Nextafter32(float32(x), float32(math.Inf(-1))))
	}
	return math.Nextafter(x, math.Inf(-1))
}

func nextIn(t *ir.FloatType, x float64) float64 {
	if t.Bits == 32 {
		return float64(math.Nextafter32(float32(x), float32(math.Inf(1))))
	}
	return math.Nextafter(x, math.Inf(1))
}

// ordRange is the set of values of t within the reals [lo, hi] (rounded
// inwards to t: only values of t are in it), with NaN when nan is set.
func ordRange(t *ir.FloatType, lo, hi float64, nan bool) Ival {
	var r Ival
	if math.IsNaN(lo) || math.IsNaN(hi) || lo > hi {
		r = Ival{big.NewInt(1), new(big.Int)}
	} else {
		l, h := upTo(t, lo), downTo(t, hi)
		if l > h {
			r = Ival{big.NewInt(1), new(big.Int)}
		} else {
			r = NewIval(ordOf(t, l), ordOf(t, h))
		}
	}
	if !nan {
		return r
	}
	if r.Empty() {
		return nanOnly(t)
	}
	return Ival{r.Lo, big.NewInt(infOrd(t) + 1)}
}

// toFloat is the float set of ordinals i.
func toFloat(t *ir.FloatType, i Ival) interval.Float {
	f := interval.Float{T: t, Lo: math.Inf(1), Hi: math.Inf(-1), NaN: hasNaN(t, i)}
	num := i.Meet(numbers(t))
	if !num.Empty() {
		f.Lo, f.Hi = valOf(t, num.Lo.Int64()), valOf(t, num.Hi.Int64())
	}
	return f
}

// fromFloat is the ordinal interval of f (its bounds rounded inwards to
// f.T, which keeps every value of f.T in it).
func fromFloat(f interval.Float) Ival { return ordRange(f.T, f.Lo, f.Hi, f.NaN) }

// negOrd is {-x | x ∈ i}: NaN stays NaN.
func negOrd(t *ir.FloatType, i Ival) Ival {
	num := i.Meet(numbers(t))
	var r Ival
	if num.Empty() {
		r = num
	} else {
		r = num.Neg()
	}
	if !hasNaN(t, i) {
		return r
	}
	if r.Empty() {
		return nanOnly(t)
	}
	return Ival{r.Lo, big.NewInt(infOrd(t) + 1)}
}

// floatConst is the ordinal interval of a constant of t.
func floatConst(t *ir.FloatType, c *ir.FloatConst) Ival {
	if math.IsNaN(c.V) {
		return nanOnly(t)
	}
	o := ordOf(t, c.V)
	return NewIval(o, o)
}

// fwdFloat is the forward step for e of float type t.
func (h *hc4) fwdFloat(t *ir.FloatType, e ir.Expr) Ival {
	switch e := e.(type) {
	case *ir.FloatConst:
		return floatConst(t, e)
	case *ir.VarRef:
		if i := h.s.Index(e.V); i >= 0 {
			return h.box[i]
		}
	case *ir.Cast:
		x := h.fwd(e.X)
		if x.Empty() {
			return x
		}
		if xt, ok := floatDim(e.X.Type()); ok {
			// float -> double is exact, double -> float rounds to
			// nearest: both monotone, NaN stays NaN.
			fx := toFloat(xt, x)
			if fx.Empty() {
				return ordRange(t, 1, 0, fx.NaN)
			}
			return ordRange(t, interval.RoundTo(t, fx.Lo), interval.RoundTo(t, fx.Hi), fx.NaN)
		}
		if _, ok := interval.Trackable(e.X.Type()); ok {
			// Conversion from an integer is monotone, never NaN.
			return ordRange(t, interval.IntToFloat(t, x.Lo), interval.IntToFloat(t, x.Hi), false)
		}
	case *ir.Unary:
		if e.Op == ir.Neg {
			return negOrd(t, h.fwd(e.X))
		}
	case *ir.Binary:
		xt, okx := floatDim(e.X.Type())
		yt, oky := floatDim(e.Y.Type())
		if okx && oky && xt.Bits == t.Bits && yt.Bits == t.Bits {
			x, y := h.fwd(e.X), h.fwd(e.Y)
			if x.Empty() || y.Empty() {
				return Ival{big.NewInt(1), new(big.Int)}
			}
			return fromFloat(interval.FloatArith(e.Op, t, toFloat(t, x), toFloat(t, y)))
		}
	}
	return floatFull(t)
}

// floatToIntFwd is the forward step of a conversion from a float to the
// integer type t (truncation; undefined out of range: any value).
func (h *hc4) floatToIntFwd(t *ir.IntType, xt *ir.FloatType, x Ival) Ival {
	if x.Empty() {
		return x
	}
	return FromInterval(interval.FloatToInt(t, toFloat(xt, x)))
}

// backFloat is the backward step for e of float type t whose value must
// lie in w (already met with e's forward range, not empty).
func (h *hc4) backFloat(t *ir.FloatType, e ir.Expr, w Ival) {
	switch e := e.(type) {
	case *ir.Unary:
		if e.Op == ir.Neg {
			h.back(e.X, negOrd(t, w))
		}
	case *ir.Cast:
		wf := toFloat(t, w)
		if xt, ok := floatDim(e.X.Type()); ok {
			if wf.Empty() {
				h.back(e.X, ordRange(xt, 1, 0, wf.NaN))
				return
			}
			lo, hi := wf.Lo, wf.Hi
			if xt.Bits > t.Bits {
				// X rounds into [lo, hi]: it lies between their
				// neighbours (as doubles, exact).
				lo, hi = prevIn(t, lo), nextIn(t, hi)
			}
			h.back(e.X, ordRange(xt, lo, hi, wf.NaN))
			return
		}
		it, ok := interval.Trackable(e.X.Type())
		if !ok {
			return
		}
		if wf.Empty() { // an integer never converts to NaN
			h.empty = true
			return
		}
		// The integer rounds into [lo, hi]: it lies strictly between
		// their neighbours.
		r := TypeIval(it)
		if lo := prevIn(t, wf.Lo); !math.IsInf(lo, 0) {
			c, _ := new(big.Float).SetFloat64(lo).Int(nil) // toward zero
			if lo > 0 || new(big.Float).SetInt(c).Cmp(big.NewFloat(lo)) == 0 {
				c.Add(c, big.NewInt(1))
			}
			r.Lo = interval.Max(r.Lo, c)
		}
		if hi := nextIn(t, wf.Hi); !math.IsInf(hi, 0) {
			c, _ := new(big.Float).SetFloat64(hi).Int(nil)
			if hi < 0 || new(big.Float).SetInt(c).Cmp(big.NewFloat(hi)) == 0 {
				c.Sub(c, big.NewInt(1))
			}
			r.Hi = interval.Min(r.Hi, c)
		}
		h.back(e.X, r)
	case *ir.Binary:
		h.backArith(t, e, w)
	}
}

// backArith inverts z = x ∘ y for +, -, and * or / by a nonzero constant,
// when z is a number: then x and y are numbers too, and the exact result
// lies in [lo, hi], the neighbours of z's bounds (a value rounds to z only
// from between them; beyond the largest float it overflows to ±Inf).
func (h *hc4) backArith(t *ir.FloatType, e *ir.Binary, w Ival) {
	xt, okx := floatDim(e.X.Type())
	yt, oky := floatDim(e.Y.Type())
	if !okx || !oky || xt.Bits != t.Bits || yt.Bits != t.Bits || hasNaN(t, w) {
		return
	}
	switch e.Op {
	case ir.Add, ir.Sub, ir.Mul, ir.Div:
	default:
		return
	}
	h.back(e.X, numbers(t))
	h.back(e.Y, numbers(t))
	if h.empty {
		return
	}
	wf := toFloat(t, w)
	lo, hi := prevIn(t, wf.Lo), nextIn(t, wf.Hi)
	x, y := toFloat(t, h.fwd(e.X)), toFloat(t, h.fwd(e.Y))
	if x.Empty() || y.Empty() {
		h.empty = true
		return
	}
	switch e.Op {
	case ir.Add: // x = z - y, y = z - x
		h.back(e.X, ordRange(t, subDown(lo, y.Hi), subUp(hi, y.Lo), false))
		h.back(e.Y, ordRange(t, subDown(lo, x.Hi), subUp(hi, x.Lo), false))
	case ir.Sub: // x = z + y, y = x - z
		h.back(e.X, ordRange(t, addDown(lo, y.Lo), addUp(hi, y.Hi), false))
		h.back(e.Y, ordRange(t, subDown(x.Lo, hi), subUp(x.Hi, lo), false))
	case ir.Mul: // by a constant c: x = z / c
		if c, ok := finiteConst(y); ok && c != 0 {
			h.back(e.X, divRange(t, lo, hi, c))
		} else if c, ok := finiteConst(x); ok && c != 0 {
			h.back(e.Y, divRange(t, lo, hi, c))
		}
	case ir.Div: // by a constant c: x = z * c
		if c, ok := finiteConst(y); ok && c != 0 {
			l, u := mulDown(lo, c), mulUp(hi, c)
			if c < 0 {
				l, u = mulDown(hi, c), mulUp(lo, c)
			}
			h.back(e.X, ordRange(t, l, u, false))
		}
	}
}

// divRange is {x | x·c ∈ [lo, hi]} rounded outwards.
func divRange(t *ir.FloatType, lo, hi, c float64) Ival {
	l, u := divDown(lo, c), divUp(hi, c)
	if c < 0 {
		l, u = divDown(hi, c), divUp(lo, c)
	}
	return ordRange(t, l, u, false)
}

func finiteConst(f interval.Float) (float64, bool) {
	if f.Empty() || f.NaN || f.Lo != f.Hi || math.IsInf(f.Lo, 0) {
		return 0, false
	}
	return f.Lo, true
}

// The bounds below are computed in double precision, rounded to nearest,
// then moved one double outwards: the double before (after) a rounded
// result is at most (least) the exact one, overflow to ±Inf included.
// An indeterminate form (Inf - Inf, 0·Inf) gives the loose infinity.

func down(r float64) float64 {
	if math.IsNaN(r) {
		return math.Inf(-1)
	}
	return math.Nextafter(r, math.Inf(-1))
}

func up(r float64) float64 {
	if math.IsNaN(r) {
		return math.Inf(1)
	}
	return math.Nextafter(r, math.Inf(1))
}

func addDown(a, b float64) float64 { return down(a + b) }
func addUp(a, b float64) float64   { return up(a + b) }
func subDown(a, b float64) float64 { return down(a - b) }
func subUp(a, b float64) float64   { return up(a - b) }
func mulDown(a, b float64) float64 { return down(a * b) }
func mulUp(a, b float64) float64   { return up(a * b) }
func divDown(a, b float64) float64 { return down(a / b) }
func divUp(a, b float64) float64   { return up(a / b) }

// contractFloatCmp contracts b by the float comparison x op y having the
// given truth value: the numbers' part on ordinals, plus the boxes where
// either side is NaN when the comparison then has that value (false for
// the ordered comparisons and ==, true for !=).
func contractFloatCmp(s *Space, mode Mode, b Box, t *ir.FloatType, op ir.BinOp, x, y ir.Expr, truth bool) Union {
	var out Union
	if (op == ir.Ne) == truth {
		for _, side := range []ir.Expr{x, y} {
			h := newHC4(s, mode, b)
			h.back(side, nanOnly(t))
			if !h.empty && !h.box.Empty() {
				out = append(out, h.box)
			}
		}
	}
	num := numbers(t)
	rs := cmpRange(op, truth, mode)
	if rs == nil { // no restriction on the difference: only numbers
		h := newHC4(s, mode, b)
		h.back(x, num)
		h.back(y, num)
		if !h.empty && !h.box.Empty() {
			out = append(out, h.box)
		}
	}
	for _, r := range rs {
		if c := revise(s, mode, b, x, y, r, &num); c != nil {
			out = append(out, c)
		}
	}
	return out.normalize()
}
