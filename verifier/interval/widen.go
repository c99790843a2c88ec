package interval

import (
	"math"
	"math/big"
	"sort"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Thresholds are the values widening stops at before it jumps to a type's
// bound: a program's constants and their neighbours, so that a counter
// compared with N is widened to N-1, N or N+1 first and a counter widened
// to MAX does not wrap around and lose its other bound. The zero value
// is an empty set; NewThresholds holds 0's neighbourhood.
type Thresholds struct {
	vals   []*big.Int // increasing, without repeats
	floats []float64  // the float constants, increasing, without repeats
}

// NewThresholds is the set {-1, 0, 1}.
func NewThresholds() *Thresholds {
	th := &Thresholds{}
	th.Add(new(big.Int))
	return th
}

// Len is the number of thresholds.
func (th *Thresholds) Len() int { return len(th.vals) }

// Add adds v-1, v and v+1.
func (th *Thresholds) Add(v *big.Int) {
	for d := int64(-1); d <= 1; d++ {
		w := new(big.Int).Add(v, big.NewInt(d))
		k := sort.Search(len(th.vals), func(k int) bool { return th.vals[k].Cmp(w) >= 0 })
		if k < len(th.vals) && th.vals[k].Cmp(w) == 0 {
			continue
		}
		th.vals = append(th.vals, nil)
		copy(th.vals[k+1:], th.vals[k:])
		th.vals[k] = w
	}
}

// AddConsts adds the value of every constant of e of a trackable integer
// type, with its neighbours. Under an address-of (&a[3]) it looks only
// when underAddrOf is set.
func (th *Thresholds) AddConsts(e ir.Expr, underAddrOf bool) {
	ir.Inspect(e, func(x ir.Expr) bool {
		switch x := x.(type) {
		case *ir.Const:
			if t, ok := trackable(x.T); ok {
				th.Add(ConstValue(t, x.Bits))
			}
		case *ir.FloatConst:
			if _, ok := floatTrackable(x.T); ok && !math.IsNaN(x.V) {
				th.addFloat(x.V)
			}
		case *ir.AddrOf:
			return underAddrOf
		}
		return true
	})
}

// Widen extrapolates old towards nw (nw ⊒ old, both of type nw.T): a
// bound that grew jumps to the nearest threshold at or beyond it, or to
// the type's bound when there is none. There are finitely many
// thresholds, so every ascending chain widened this way stabilises.
func (th *Thresholds) Widen(old, nw Interval) Interval {
	lo, hi := nw.Lo, nw.Hi
	if lo.Cmp(old.Lo) < 0 {
		lo = TypeMin(nw.T)
		for k := len(th.vals) - 1; k >= 0; k-- {
			if v := th.vals[k]; v.Cmp(nw.Lo) <= 0 {
				lo = Max(v, lo)
				break
			}
		}
	}
	if hi.Cmp(old.Hi) > 0 {
		hi = TypeMax(nw.T)
		for _, v := range th.vals {
			if v.Cmp(nw.Hi) >= 0 {
				hi = Min(v, hi)
				break
			}
		}
	}
	return Interval{T: nw.T, Lo: lo, Hi: hi}
}

func (th *Thresholds) addFloat(v float64) {
	k := sort.SearchFloat64s(th.floats, v)
	if k < len(th.floats) && th.floats[k] == v {
		return
	}
	th.floats = append(th.floats, 0)
	copy(th.floats[k+1:], th.floats[k:])
	th.floats[k] = v
}
