package interval

import (
	"fmt"
	"math/big"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Interval is a non-empty set of values {Lo..Hi} of integer type T, as
// mathematical integers (a signed type's negative values are negative).
type Interval struct {
	T      *ir.IntType
	Lo, Hi *big.Int
}

// trackable reports whether values of t are modelled by the domain.
func trackable(t ir.Type) (*ir.IntType, bool) {
	it, ok := t.(*ir.IntType)
	if !ok || it.Bits > 64 || it.Bits <= 0 {
		return nil, false
	}
	return it, true
}

// TypeMin is the least value of t.
func TypeMin(t *ir.IntType) *big.Int {
	if t.IsBool() || !t.Signed {
		return new(big.Int)
	}
	return new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(t.Bits-1)))
}

// TypeMax is the greatest value of t. _Bool's values are {0, 1}, as the
// front end and the engines keep them.
func TypeMax(t *ir.IntType) *big.Int {
	if t.IsBool() {
		return big.NewInt(1)
	}
	bits := t.Bits
	if t.Signed {
		bits--
	}
	return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits)), big.NewInt(1))
}

// Top is the full range of t.
func Top(t *ir.IntType) Interval { return Interval{T: t, Lo: TypeMin(t), Hi: TypeMax(t)} }

// Single is the interval {v}.
func Single(t *ir.IntType, v *big.Int) Interval {
	return Interval{T: t, Lo: new(big.Int).Set(v), Hi: new(big.Int).Set(v)}
}

// IsTop reports whether i is the full range of its type.
func (i Interval) IsTop() bool {
	return i.Lo.Cmp(TypeMin(i.T)) <= 0 && i.Hi.Cmp(TypeMax(i.T)) >= 0
}

// Contains reports whether x lies in i.
func (i Interval) Contains(x *big.Int) bool { return i.Lo.Cmp(x) <= 0 && x.Cmp(i.Hi) <= 0 }

// ContainsInt64 reports whether x lies in i.
func (i Interval) ContainsInt64(x int64) bool { return i.Contains(big.NewInt(x)) }

// Const returns the single value of i, if it has one.
func (i Interval) Const() (*big.Int, bool) {
	if i.Lo.Cmp(i.Hi) == 0 {
		return i.Lo, true
	}
	return nil, false
}

func (i Interval) String() string {
	if i.IsTop() {
		return fmt.Sprintf("top(%s)", i.T)
	}
	return fmt.Sprintf("[%s, %s]", i.Lo, i.Hi)
}

func (i Interval) equal(j Interval) bool { return i.Lo.Cmp(j.Lo) == 0 && i.Hi.Cmp(j.Hi) == 0 }

// Hull is the least interval holding i and j (the join), of i's type.
func (i Interval) Hull(j Interval) Interval {
	return Interval{T: i.T, Lo: Min(i.Lo, j.Lo), Hi: Max(i.Hi, j.Hi)}
}

// Meet intersects i with [lo, hi]; ok is false when the result is
// empty (then Lo > Hi).
func (i Interval) Meet(lo, hi *big.Int) (Interval, bool) {
	r := Interval{T: i.T, Lo: Max(i.Lo, lo), Hi: Min(i.Hi, hi)}
	return r, r.Lo.Cmp(r.Hi) <= 0
}

func (i Interval) hasZero() bool { return i.Contains(new(big.Int)) }
func (i Interval) isZero() bool  { return i.Lo.Sign() == 0 && i.Hi.Sign() == 0 }

// Min is the lesser of a and b (a itself when they are equal), not a
// copy: intervals are never changed in place.
func Min(a, b *big.Int) *big.Int {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

// Max is the greater of a and b (a itself when they are equal).
func Max(a, b *big.Int) *big.Int {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}

// ConstValue is the value of the constant bits of type t: two's
// complement for a signed t, 0 or 1 for _Bool.
func ConstValue(t *ir.IntType, bits uint64) *big.Int {
	b := bits & t.Mask()
	v := new(big.Int).SetUint64(b)
	if t.IsBool() {
		if b != 0 {
			return big.NewInt(1)
		}
		return v
	}
	if t.Signed && t.Bits <= 64 && b>>(uint(t.Bits)-1)&1 == 1 {
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(t.Bits)))
	}
	return v
}

// wrap maps the exact mathematical range [lo, hi] into t by two's
// complement reduction: exact when it fits, a wrapped interval when the
// reduced range stays contiguous, else top.
func wrap(t *ir.IntType, lo, hi *big.Int) Interval {
	mn, mx := TypeMin(t), TypeMax(t)
	if lo.Cmp(mn) >= 0 && hi.Cmp(mx) <= 0 {
		return Interval{T: t, Lo: lo, Hi: hi}
	}
	if t.IsBool() {
		return Top(t)
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(t.Bits))
	width := new(big.Int).Sub(hi, lo)
	if width.Cmp(mod) >= 0 {
		return Top(t)
	}
	red := func(x *big.Int) *big.Int {
		r := new(big.Int).Sub(x, mn)
		r.Mod(r, mod) // Euclidean: non-negative
		return r.Add(r, mn)
	}
	wl, wh := red(lo), red(hi)
	if wl.Cmp(wh) <= 0 {
		return Interval{T: t, Lo: wl, Hi: wh}
	}
	return Top(t)
}

func corners(t *ir.IntType, a, b Interval, f func(x, y *big.Int) *big.Int) Interval {
	vs := []*big.Int{f(a.Lo, b.Lo), f(a.Lo, b.Hi), f(a.Hi, b.Lo), f(a.Hi, b.Hi)}
	lo, hi := vs[0], vs[0]
	for _, v := range vs[1:] {
		lo, hi = Min(lo, v), Max(hi, v)
	}
	return wrap(t, lo, hi)
}

// Bool is a truth value of type t: {0} when only false is possible, {1}
// when only true, [0, 1] when both, and empty ([1, 0]) when neither.
func Bool(t *ir.IntType, canFalse, canTrue bool) Interval {
	lo, hi := int64(0), int64(1)
	if !canFalse {
		lo = 1
	}
	if !canTrue {
		hi = 0
	}
	return Interval{T: t, Lo: big.NewInt(lo), Hi: big.NewInt(hi)}
}

// arith computes op over a and b (a and b of type t, except a shift's b).
func arith(op ir.BinOp, t *ir.IntType, a, b Interval) Interval {
	switch op {
	case ir.Add:
		return wrap(t, new(big.Int).Add(a.Lo, b.Lo), new(big.Int).Add(a.Hi, b.Hi))
	case ir.Sub:
		return wrap(t, new(big.Int).Sub(a.Lo, b.Hi), new(big.Int).Sub(a.Hi, b.Lo))
	case ir.Mul:
		return corners(t, a, b, func(x, y *big.Int) *big.Int { return new(big.Int).Mul(x, y) })
	case ir.Div:
		return divide(t, a, b)
	case ir.Rem:
		return remainder(t, a, b)
	case ir.Shl, ir.Shr:
		return shift(op, t, a, b)
	case ir.And, ir.Or, ir.Xor:
		return bitwise(op, t, a, b)
	}
	return Top(t)
}

// divide: truncating division on the non-zero parts of b (monotone in each
// argument there, so the corners bound it), plus the SMT-LIB x/0 values.
func divide(t *ir.IntType, a, b Interval) Interval {
	var r *Interval
	add := func(i Interval) {
		if r == nil {
			r = &i
		} else {
			h := r.Hull(i)
			r = &h
		}
	}
	one := big.NewInt(1)
	quo := func(x, y *big.Int) *big.Int { return new(big.Int).Quo(x, y) }
	if neg, ok := b.Meet(TypeMin(t), big.NewInt(-1)); ok && t.Signed {
		add(cornersExact(a, neg, quo))
	}
	if pos, ok := b.Meet(one, TypeMax(t)); ok {
		add(cornersExact(a, pos, quo))
	}
	if b.hasZero() {
		if !t.Signed {
			add(Single(t, TypeMax(t)))
		} else {
			if a.Lo.Sign() < 0 {
				add(Single(t, one))
			}
			if a.Hi.Sign() >= 0 {
				add(Single(t, big.NewInt(-1)))
			}
		}
	}
	if r == nil {
		return Top(t)
	}
	return wrap(t, r.Lo, r.Hi)
}

// cornersExact is corners without the reduction into the type.
func cornersExact(a, b Interval, f func(x, y *big.Int) *big.Int) Interval {
	vs := []*big.Int{f(a.Lo, b.Lo), f(a.Lo, b.Hi), f(a.Hi, b.Lo), f(a.Hi, b.Hi)}
	lo, hi := vs[0], vs[0]
	for _, v := range vs[1:] {
		lo, hi = Min(lo, v), Max(hi, v)
	}
	return Interval{T: a.T, Lo: lo, Hi: hi}
}

// remainder: |x % y| < |y|, |x % y| <= |x|, the sign follows x; x % 0 is x.
func remainder(t *ir.IntType, a, b Interval) Interval {
	if x, ok := a.Const(); ok {
		if y, ok := b.Const(); ok {
			if y.Sign() == 0 {
				return a
			}
			return wrap(t, new(big.Int).Rem(x, y), new(big.Int).Rem(x, y))
		}
	}
	m := Max(new(big.Int).Abs(b.Lo), new(big.Int).Abs(b.Hi))
	m1 := new(big.Int).Sub(m, big.NewInt(1))
	lo, hi := new(big.Int), new(big.Int)
	if a.Lo.Sign() < 0 {
		lo = Max(a.Lo, new(big.Int).Neg(m1))
	}
	if a.Hi.Sign() > 0 {
		hi = Min(a.Hi, m1)
	}
	r := Interval{T: t, Lo: lo, Hi: hi}
	if b.hasZero() {
		r = r.Hull(a)
	}
	return wrap(t, r.Lo, r.Hi)
}

func shift(op ir.BinOp, t *ir.IntType, a, b Interval) Interval {
	w := big.NewInt(int64(t.Bits))
	inLo, inHi := Max(b.Lo, new(big.Int)), Min(b.Hi, new(big.Int).Sub(w, big.NewInt(1)))
	var r *Interval
	if inLo.Cmp(inHi) <= 0 {
		k := Interval{T: b.T, Lo: inLo, Hi: inHi}
		var i Interval
		if op == ir.Shl {
			i = corners(t, a, k, func(x, y *big.Int) *big.Int { return new(big.Int).Lsh(x, uint(y.Int64())) })
		} else {
			i = corners(t, a, k, func(x, y *big.Int) *big.Int { return new(big.Int).Rsh(x, uint(y.Int64())) })
		}
		r = &i
	}
	if b.Lo.Sign() < 0 || b.Hi.Cmp(w) >= 0 { // out-of-range amounts
		out := Single(t, new(big.Int))
		if op == ir.Shr && t.Signed && a.Lo.Sign() < 0 {
			out = out.Hull(Single(t, big.NewInt(-1)))
			if a.Hi.Sign() < 0 {
				out = Single(t, big.NewInt(-1))
			}
		}
		if r == nil {
			r = &out
		} else {
			h := r.Hull(out)
			r = &h
		}
	}
	return *r
}

func bitwise(op ir.BinOp, t *ir.IntType, a, b Interval) Interval {
	if x, ok := a.Const(); ok {
		if y, ok := b.Const(); ok {
			z := new(big.Int)
			switch op {
			case ir.And:
				z.And(x, y)
			case ir.Or:
				z.Or(x, y)
			default:
				z.Xor(x, y)
			}
			return wrap(t, z, z)
		}
	}
	aNN, bNN := a.Lo.Sign() >= 0, b.Lo.Sign() >= 0
	if op == ir.And {
		switch {
		case aNN && bNN:
			return Interval{T: t, Lo: new(big.Int), Hi: Min(a.Hi, b.Hi)}
		case aNN:
			return Interval{T: t, Lo: new(big.Int), Hi: a.Hi}
		case bNN:
			return Interval{T: t, Lo: new(big.Int), Hi: b.Hi}
		}
		return Top(t)
	}
	if !aNN || !bNN {
		return Top(t)
	}
	m := Max(a.Hi, b.Hi)
	hi := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(m.BitLen())), big.NewInt(1))
	lo := new(big.Int)
	if op == ir.Or {
		lo = Max(a.Lo, b.Lo)
	}
	return wrap(t, lo, hi)
}

// compare evaluates a comparison of a and b as int 0/1 of type t.
func compare(op ir.BinOp, t *ir.IntType, a, b Interval) Interval {
	switch op {
	case ir.Lt:
		return Bool(t, a.Hi.Cmp(b.Lo) >= 0, a.Lo.Cmp(b.Hi) < 0)
	case ir.Le:
		return Bool(t, a.Hi.Cmp(b.Lo) > 0, a.Lo.Cmp(b.Hi) <= 0)
	case ir.Gt:
		return compare(ir.Lt, t, b, a)
	case ir.Ge:
		return compare(ir.Le, t, b, a)
	case ir.Eq, ir.Ne:
		disjoint := a.Hi.Cmp(b.Lo) < 0 || b.Hi.Cmp(a.Lo) < 0
		x, okx := a.Const()
		y, oky := b.Const()
		same := okx && oky && x.Cmp(y) == 0
		if op == ir.Eq {
			return Bool(t, !same, !disjoint)
		}
		return Bool(t, !disjoint, !same)
	}
	return Top(t)
}
