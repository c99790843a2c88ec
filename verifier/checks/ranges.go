package checks

import (
	"math/big"

	"github.com/prbmc/prbmc/verifier/ir"
)

// span is a static range of an integer expression's mathematical value,
// known from its type or from a conversion. It lets the pass leave out
// checks that cannot fail, such as (int)c + 100 for a char c — the form of
// every c += 100 — which would only clutter the report with safe properties.
type span struct{ lo, hi *big.Int }

func typeSpan(t *ir.IntType) span {
	if t.IsBool() {
		return span{big.NewInt(0), big.NewInt(1)}
	}
	if t.Signed {
		lim := new(big.Int).Lsh(big.NewInt(1), uint(t.Bits-1))
		return span{new(big.Int).Neg(lim), lim.Sub(lim, big.NewInt(1))}
	}
	return span{big.NewInt(0), new(big.Int).SetUint64(t.Mask())}
}

// spanOf is a range that contains every value e can have.
func spanOf(e ir.Expr) (span, bool) {
	t, ok := e.Type().(*ir.IntType)
	if !ok {
		return span{}, false
	}
	switch x := e.(type) {
	case *ir.Binary:
		if x.Op.IsComparison() {
			return span{big.NewInt(0), big.NewInt(1)}, true
		}
		// An operation that cannot wrap keeps its mathematical range.
		if r, ok := arithSpan(x.Op, x.X, x.Y); ok && r.fits(typeSpan(t).lo, typeSpan(t).hi) {
			return r, true
		}
	case *ir.Unary:
		if x.Op == ir.LNot {
			return span{big.NewInt(0), big.NewInt(1)}, true
		}
		if inner, ok := spanOf(x.X); ok && x.Op == ir.Neg {
			r := span{new(big.Int).Neg(inner.hi), new(big.Int).Neg(inner.lo)}
			if ts := typeSpan(t); r.fits(ts.lo, ts.hi) {
				return r, true
			}
		}
	case *ir.Const:
		v := new(big.Int).SetUint64(x.Bits)
		if t.Signed && t.Bits < 128 && x.Bits>>(t.Bits-1)&1 == 1 {
			v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(t.Bits)))
		}
		return span{v, v}, true
	case *ir.Cast:
		if _, ok := x.X.Type().(*ir.IntType); !ok {
			break
		}
		inner, ok := spanOf(x.X)
		if !ok {
			break
		}
		if out := typeSpan(t); inner.lo.Cmp(out.lo) >= 0 && inner.hi.Cmp(out.hi) <= 0 && !t.IsBool() {
			return inner, true // the value survives the conversion
		}
	}
	return typeSpan(t), true
}

// fits reports whether s lies within [lo, hi].
func (s span) fits(lo, hi *big.Int) bool { return s.lo.Cmp(lo) >= 0 && s.hi.Cmp(hi) <= 0 }

// cannotOverflow reports whether x op y stays within t for all operand
// values the operands' ranges allow.
func cannotOverflow(op ir.BinOp, x, y ir.Expr, t *ir.IntType) bool {
	r, ok := arithSpan(op, x, y)
	ts := typeSpan(t)
	return ok && r.fits(ts.lo, ts.hi)
}

// arithSpan is the range of the mathematical result of x op y.
func arithSpan(op ir.BinOp, x, y ir.Expr) (span, bool) {
	a, ok1 := spanOf(x)
	b, ok2 := spanOf(y)
	if !ok1 || !ok2 {
		return span{}, false
	}
	var r span
	switch op {
	case ir.Add:
		r = span{new(big.Int).Add(a.lo, b.lo), new(big.Int).Add(a.hi, b.hi)}
	case ir.Sub:
		r = span{new(big.Int).Sub(a.lo, b.hi), new(big.Int).Sub(a.hi, b.lo)}
	case ir.Div, ir.Rem, ir.And:
		c, ok := constValue(y)
		if !ok || c.Sign() == 0 {
			return span{}, false
		}
		abs := new(big.Int).Abs(c)
		switch op {
		case ir.And:
			if c.Sign() < 0 {
				return span{}, false
			}
			return span{big.NewInt(0), c}, true // x & c for c >= 0 (two's complement)
		case ir.Rem:
			m := new(big.Int).Sub(abs, big.NewInt(1))
			lo := big.NewInt(0)
			if a.lo.Sign() < 0 {
				lo = new(big.Int).Neg(m)
			}
			return span{lo, m}, true
		}
		lo, hi := new(big.Int).Quo(a.lo, abs), new(big.Int).Quo(a.hi, abs)
		if c.Sign() < 0 {
			lo, hi = hi.Neg(hi), lo.Neg(lo)
		}
		return span{lo, hi}, true
	case ir.Mul:
		ps := []*big.Int{
			new(big.Int).Mul(a.lo, b.lo), new(big.Int).Mul(a.lo, b.hi),
			new(big.Int).Mul(a.hi, b.lo), new(big.Int).Mul(a.hi, b.hi),
		}
		r = span{ps[0], ps[0]}
		for _, p := range ps[1:] {
			if p.Cmp(r.lo) < 0 {
				r.lo = p
			}
			if p.Cmp(r.hi) > 0 {
				r.hi = p
			}
		}
	default:
		return span{}, false
	}
	return r, true
}

// within reports whether e's value is known to lie in [lo, hi].
func within(e ir.Expr, lo, hi int64) bool {
	s, ok := spanOf(e)
	return ok && s.fits(big.NewInt(lo), big.NewInt(hi))
}

// constValue is the mathematical value of an integer constant.
func constValue(e ir.Expr) (*big.Int, bool) {
	s, ok := spanOf(e)
	if !ok || s.lo.Cmp(s.hi) != 0 {
		return nil, false
	}
	return s.lo, true
}
