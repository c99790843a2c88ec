package contractor

import (
	"fmt"
	"math/big"

	"github.com/prbmc/prbmc/verifier/interval"
	"github.com/prbmc/prbmc/verifier/ir"
)

// Ival is a closed interval of mathematical integers [Lo, Hi]; it is empty
// when Lo > Hi. Values are never mutated in place: every operation
// allocates, so intervals can be shared between boxes.
type Ival struct{ Lo, Hi *big.Int }

// NewIval is [lo, hi].
func NewIval(lo, hi int64) Ival { return Ival{big.NewInt(lo), big.NewInt(hi)} }

// TypeIval is the full range of t.
func TypeIval(t *ir.IntType) Ival { return Ival{interval.TypeMin(t), interval.TypeMax(t)} }

// FromInterval converts an interval of the analysis.
func FromInterval(i interval.Interval) Ival {
	return Ival{new(big.Int).Set(i.Lo), new(big.Int).Set(i.Hi)}
}

// Empty reports whether i holds no value.
func (i Ival) Empty() bool { return i.Lo.Cmp(i.Hi) > 0 }

// Meet is i ∩ j (possibly empty).
func (i Ival) Meet(j Ival) Ival { return Ival{interval.Max(i.Lo, j.Lo), interval.Min(i.Hi, j.Hi)} }

// Hull is the least interval containing i and j (empty operands ignored).
func (i Ival) Hull(j Ival) Ival {
	if i.Empty() {
		return j
	}
	if j.Empty() {
		return i
	}
	return Ival{interval.Min(i.Lo, j.Lo), interval.Max(i.Hi, j.Hi)}
}

// Contains reports whether j ⊆ i (an empty j is in every interval).
func (i Ival) Contains(j Ival) bool {
	return j.Empty() || (i.Lo.Cmp(j.Lo) <= 0 && j.Hi.Cmp(i.Hi) <= 0)
}

// Equal compares two non-empty intervals (all empty intervals are equal).
func (i Ival) Equal(j Ival) bool {
	if i.Empty() || j.Empty() {
		return i.Empty() == j.Empty()
	}
	return i.Lo.Cmp(j.Lo) == 0 && i.Hi.Cmp(j.Hi) == 0
}

// Add, Sub and Neg are exact interval arithmetic over the integers (no
// type, no wrap-around): the CSP's own f(x) = X - Y is mathematical.
func (i Ival) Add(j Ival) Ival {
	return Ival{new(big.Int).Add(i.Lo, j.Lo), new(big.Int).Add(i.Hi, j.Hi)}
}

func (i Ival) Sub(j Ival) Ival {
	return Ival{new(big.Int).Sub(i.Lo, j.Hi), new(big.Int).Sub(i.Hi, j.Lo)}
}

func (i Ival) Neg() Ival { return Ival{new(big.Int).Neg(i.Hi), new(big.Int).Neg(i.Lo)} }

func (i Ival) String() string {
	if i.Empty() {
		return "∅"
	}
	return fmt.Sprintf("[%s, %s]", i.Lo, i.Hi)
}

// fullIval is every value of t, an integer or float type.
func fullIval(t ir.Type) Ival {
	if ft, ok := t.(*ir.FloatType); ok {
		return floatFull(ft)
	}
	return TypeIval(t.(*ir.IntType))
}

// fmtSide prints a side of type t: floats as numbers (ordinals are for
// the code, not for people), integers with fmtIn.
func fmtSide(t ir.Type, i Ival) string {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return i.fmtIn(t.(*ir.IntType))
	}
	if i.Empty() {
		return "∅"
	}
	f := toFloat(ft, i)
	s := ""
	if !f.Empty() {
		s = fmt.Sprintf("[%g, %g]", f.Lo, f.Hi)
	}
	switch {
	case f.NaN && s == "":
		return "{NaN}"
	case f.NaN:
		return s + " ∪ {NaN}"
	}
	return s
}

// fmtIn prints i relative to type t: bounds equal to the type's are shown
// as MIN/MAX, as the paper writes Max_int.
func (i Ival) fmtIn(t *ir.IntType) string {
	if i.Empty() {
		return "∅"
	}
	lo, hi := i.Lo.String(), i.Hi.String()
	if i.Lo.Cmp(interval.TypeMin(t)) == 0 && i.Lo.Sign() != 0 {
		lo = "MIN"
	}
	if i.Hi.Cmp(interval.TypeMax(t)) == 0 {
		hi = "MAX"
	}
	return "[" + lo + ", " + hi + "]"
}

func (i Ival) toInterval(t *ir.IntType) interval.Interval {
	return interval.Interval{T: t, Lo: i.Lo, Hi: i.Hi}
}

// fits reports whether the exact range i lies in t: then the operation
// that produced it did not wrap around and can be inverted.
func fits(t *ir.IntType, i Ival) bool { return TypeIval(t).Contains(i) }

// inType maps an exact range into t, as the program's two's complement
// arithmetic does: exact when it fits, else the wrapped range (outward:
// the full type when the wrapped values are not contiguous).
func inType(t *ir.IntType, i Ival) Ival {
	if fits(t, i) {
		return i
	}
	return FromInterval(interval.Wrap(t, i.Lo, i.Hi))
}

// constExpr is the constant v of type t.
func constExpr(t *ir.IntType, v *big.Int) *ir.Const {
	m := new(big.Int).Lsh(big.NewInt(1), uint(t.Bits))
	u := new(big.Int).Mod(v, m)
	return &ir.Const{T: t, Bits: u.Uint64()}
}
