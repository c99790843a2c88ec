package engine

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Interval evaluation of a program path for Split: every input of an input
// box, run to its end along one path, keeps every variable inside the
// interval computed here. Sound by monotonicity: IEEE rounding is a
// monotone function of the exact result, so an operation's result over a
// box lies between its results at the corners (computed with Go's own
// float32 or float64 arithmetic, one operation at a time, exactly as the
// program's); integer arithmetic is exact as long as it stays inside the
// type. Whatever cannot be bounded that way (a NaN, a division by an
// interval holding zero, a wrap-around of more than one value, a branch
// both ways) is "undecided": the box is split.

// errUndecided says the box's inputs do not all take one path or keep
// every value bounded: split it.
var errUndecided = errors.New("undecided")

// unsupportedError says the evaluator cannot follow the program at all.
type unsupportedError struct {
	what string
	pos  ir.Pos
}

func (e *unsupportedError) Error() string { return fmt.Sprintf("%s at %s", e.what, e.pos) }

// bval is a value interval. Floats hold values of their type (a float32
// value exactly as a float64) and never NaN; integers hold mathematical
// values of their type (unsigned 64-bit ones only up to 2^63-1).
type bval struct {
	float    bool
	lo, hi   float64
	ilo, ihi int64
	deps     uint64 // the box's inputs it depends on (see splitEval.eval)
}

func ipoint(v int64) bval        { return bval{ilo: v, ihi: v} }
func irange(lo, hi int64) bval   { return bval{ilo: lo, ihi: hi} }
func frange(lo, hi float64) bval { return bval{float: true, lo: lo, hi: hi} }
func (v bval) point() bool       { return v.float && v.lo == v.hi || !v.float && v.ilo == v.ihi }
func truthOf(maybe0, maybe1 bool) bval {
	switch {
	case maybe0 && maybe1:
		return irange(0, 1)
	case maybe1:
		return ipoint(1)
	}
	return ipoint(0)
}

// truth says whether v may be zero and whether it may be nonzero.
func (v bval) truth() (maybe0, maybe1 bool) {
	if v.float {
		return v.lo <= 0 && v.hi >= 0, v.lo != 0 || v.hi != 0
	}
	return v.ilo <= 0 && v.ihi >= 0, v.ilo != 0 || v.ihi != 0
}

// wrap is the value of type t with the low bits of v (two's complement),
// as the IR's wrapping arithmetic gives it.
func wrap(v *big.Int, t *ir.IntType) (int64, bool) {
	lo, hi, ok := t.Int64Range()
	if !ok {
		return 0, false
	}
	if t.IsBool() {
		if v.Sign() != 0 {
			return 1, true
		}
		return 0, true
	}
	m := new(big.Int).Lsh(big.NewInt(1), uint(t.Bits))
	r := new(big.Int).Mod(v, m)
	if r.Cmp(big.NewInt(hi)) > 0 {
		r.Sub(r, m)
	}
	if !r.IsInt64() || r.Int64() < lo {
		return 0, false
	}
	return r.Int64(), true
}

// fitInt makes the interval [lo, hi] (exact) a value of t: itself inside
// t's range, its wrap-around when it is one value, else undecided.
func fitInt(lo, hi *big.Int, t *ir.IntType) (bval, error) {
	tlo, thi, ok := t.Int64Range()
	if !ok {
		return bval{}, errUndecided
	}
	if lo.Cmp(big.NewInt(tlo)) >= 0 && hi.Cmp(big.NewInt(thi)) <= 0 {
		return irange(lo.Int64(), hi.Int64()), nil
	}
	if lo.Cmp(hi) == 0 {
		if w, ok := wrap(lo, t); ok {
			return ipoint(w), nil
		}
	}
	return bval{}, errUndecided
}

// fop is one IEEE operation (+, -, * or /) in the precision of bits,
// rounded as the program rounds it.
func fop(op ir.BinOp, bits int, a, b float64) float64 {
	if bits == 32 {
		return float64(arith(op, float32(a), float32(b)))
	}
	return arith(op, a, b)
}

// arith is x op y in F's precision; the conversions keep Go from fusing
// operations.
func arith[F float32 | float64](op ir.BinOp, x, y F) F {
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

// floatArith bounds x op y over the corners; a NaN at a corner (inf - inf,
// inf / inf), a divisor interval holding zero, or a product of a zero and
// an infinity is undecided. The last needs its own test: infinities are
// endpoints but a zero may lie inside, so [-1, 1] * [1, inf] has no NaN
// corner while 0 * inf is one of its values.
func floatArith(op ir.BinOp, bits int, x, y bval) (bval, error) {
	if op == ir.Div && y.lo <= 0 && y.hi >= 0 {
		return bval{}, errUndecided
	}
	if op == ir.Mul && (holdsZero(x) && unbounded(y) || holdsZero(y) && unbounded(x)) {
		return bval{}, errUndecided
	}
	cs := [4]float64{fop(op, bits, x.lo, y.lo), fop(op, bits, x.lo, y.hi), fop(op, bits, x.hi, y.lo), fop(op, bits, x.hi, y.hi)}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, c := range cs {
		if math.IsNaN(c) {
			return bval{}, errUndecided
		}
		lo, hi = min(lo, c), max(hi, c)
	}
	return frange(lo, hi), nil
}

func holdsZero(v bval) bool { return v.lo <= 0 && v.hi >= 0 }

func unbounded(v bval) bool { return math.IsInf(v.lo, 0) || math.IsInf(v.hi, 0) }

func intArith(op ir.BinOp, t *ir.IntType, x, y bval) (bval, error) {
	// Most values are small: int64 arithmetic is exact below 2^31 each.
	const small = 1 << 31
	if op == ir.Add || op == ir.Sub || op == ir.Mul {
		if x.ilo > -small && x.ihi < small && y.ilo > -small && y.ihi < small {
			var lo, hi int64
			switch op {
			case ir.Add:
				lo, hi = x.ilo+y.ilo, x.ihi+y.ihi
			case ir.Sub:
				lo, hi = x.ilo-y.ihi, x.ihi-y.ilo
			default:
				cs := [4]int64{x.ilo * y.ilo, x.ilo * y.ihi, x.ihi * y.ilo, x.ihi * y.ihi}
				lo, hi = cs[0], cs[0]
				for _, c := range cs[1:] {
					lo, hi = min(lo, c), max(hi, c)
				}
			}
			if tlo, thi, ok := t.Int64Range(); ok && lo >= tlo && hi <= thi {
				return irange(lo, hi), nil
			}
		}
	}
	bx := [2]*big.Int{big.NewInt(x.ilo), big.NewInt(x.ihi)}
	by := [2]*big.Int{big.NewInt(y.ilo), big.NewInt(y.ihi)}
	switch op {
	case ir.Add:
		return fitInt(new(big.Int).Add(bx[0], by[0]), new(big.Int).Add(bx[1], by[1]), t)
	case ir.Sub:
		return fitInt(new(big.Int).Sub(bx[0], by[1]), new(big.Int).Sub(bx[1], by[0]), t)
	case ir.Mul:
		var lo, hi *big.Int
		for _, a := range bx {
			for _, b := range by {
				c := new(big.Int).Mul(a, b)
				if lo == nil || c.Cmp(lo) < 0 {
					lo = c
				}
				if hi == nil || c.Cmp(hi) > 0 {
					hi = c
				}
			}
		}
		return fitInt(lo, hi, t)
	}
	if !x.point() || !y.point() {
		return bval{}, errUndecided
	}
	// One value each: the IR's semantics on the bit patterns (doc.go).
	a, b := x.ilo, y.ilo
	w := uint(t.Bits)
	mask := uint64(1)<<w - 1
	if w >= 64 {
		mask = ^uint64(0)
	}
	ua, ub := uint64(a)&mask, uint64(b)&mask
	var r uint64
	switch op {
	case ir.Div, ir.Rem:
		switch {
		case b == 0 && op == ir.Div && t.Signed:
			r = mask
			if a < 0 {
				r = 1
			}
		case b == 0 && op == ir.Div:
			r = mask
		case b == 0:
			r = ua
		case t.Signed:
			lo, _, _ := t.Int64Range()
			switch {
			case a == lo && b == -1 && op == ir.Div:
				r = uint64(a)
			case a == lo && b == -1:
				r = 0
			case op == ir.Div:
				r = uint64(a / b)
			default:
				r = uint64(a % b)
			}
		case op == ir.Div:
			r = ua / ub
		default:
			r = ua % ub
		}
	case ir.And:
		r = ua & ub
	case ir.Or:
		r = ua | ub
	case ir.Xor:
		r = ua ^ ub
	case ir.Shl, ir.Shr:
		// The count is y's own value (any integer type).
		n := uint64(b)
		if b < 0 || n >= uint64(w) {
			switch {
			case op == ir.Shr && t.Signed && a < 0:
				r = mask
			default:
				r = 0
			}
		} else if op == ir.Shl {
			r = ua << n
		} else if t.Signed {
			r = uint64(a >> n)
		} else {
			r = ua >> n
		}
	default:
		return bval{}, errUndecided
	}
	v, ok := wrap(new(big.Int).SetUint64(r&mask), t)
	if !ok {
		return bval{}, errUndecided
	}
	return ipoint(v), nil
}

func compare(op ir.BinOp, x, y bval) bval {
	less := func(a, b bval) (always, never bool) {
		if a.float {
			return a.hi < b.lo, a.lo >= b.hi
		}
		return a.ihi < b.ilo, a.ilo >= b.ihi
	}
	switch op {
	case ir.Lt:
		a, n := less(x, y)
		return truthOf(!a, !n)
	case ir.Gt:
		a, n := less(y, x)
		return truthOf(!a, !n)
	case ir.Le:
		a, n := less(y, x) // x <= y is !(y < x): no NaN here
		return truthOf(!n, !a)
	case ir.Ge:
		a, n := less(x, y)
		return truthOf(!n, !a)
	}
	// Eq, Ne.
	var same, disjoint bool
	if x.float {
		same = x.point() && y.point() && x.lo == y.lo
		disjoint = x.hi < y.lo || y.hi < x.lo
	} else {
		same = x.point() && y.point() && x.ilo == y.ilo
		disjoint = x.ihi < y.ilo || y.ihi < x.ilo
	}
	eq := truthOf(!same, !disjoint)
	if op == ir.Eq {
		return eq
	}
	return truthOf(!disjoint, !same)
}

// convert is a Cast of v (of type from) to t.
func convert(v bval, from, t ir.Type) (bval, error) {
	switch t := t.(type) {
	case *ir.IntType:
		if t.IsBool() {
			z, nz := v.truth()
			return truthOf(z, nz), nil
		}
		if v.float {
			// Truncation toward zero is monotone; out of range is
			// undefined (the interpreter stops): undecided.
			lo, hi, ok := t.Int64Range()
			a, b := math.Trunc(v.lo), math.Trunc(v.hi)
			if !ok || math.IsInf(a, 0) || math.IsInf(b, 0) || a < float64(lo) || b > float64(hi) || b >= 1<<63 {
				return bval{}, errUndecided
			}
			return irange(int64(a), int64(b)), nil
		}
		return fitInt(big.NewInt(v.ilo), big.NewInt(v.ihi), t)
	case *ir.FloatType:
		if v.float {
			if t.Bits == 32 {
				return frange(float64(float32(v.lo)), float64(float32(v.hi))), nil
			}
			return v, nil
		}
		if t.Bits == 32 {
			return frange(float64(float32(v.ilo)), float64(float32(v.ihi))), nil
		}
		return frange(float64(v.ilo), float64(v.ihi)), nil
	}
	return bval{}, errUndecided
}
