package engine

import (
	"errors"
	"math"
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
)

// A float operation whose operand intervals allow a NaN result is
// undecided, also when no corner is NaN (0 * inf inside the box); the
// others are bounded by their corners.
func TestFloatArithNaN(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		name   string
		op     ir.BinOp
		x, y   bval
		lo, hi float64 // when decided
		nan    bool    // undecided
	}{
		{"0*inf inside", ir.Mul, frange(-1, 1), frange(1, inf), 0, 0, true},
		{"inf*0 inside", ir.Mul, frange(-inf, -2), frange(-3, 3), 0, 0, true},
		{"0*inf at a corner", ir.Mul, frange(0, 1), frange(1, inf), 0, 0, true},
		{"no zero", ir.Mul, frange(1, 2), frange(1, inf), 1, inf, false},
		{"no infinity", ir.Mul, frange(-1, 1), frange(2, 3), -3, 3, false},
		{"inf-inf", ir.Sub, frange(0, inf), frange(1, inf), 0, 0, true},
		{"inf+-inf", ir.Add, frange(0, inf), frange(-inf, 0), 0, 0, true},
		{"inf/inf", ir.Div, frange(1, inf), frange(1, inf), 0, 0, true},
		{"divisor holds 0", ir.Div, frange(1, 2), frange(-1, 1), 0, 0, true},
		{"plain", ir.Add, frange(1, 2), frange(3, 4), 4, 6, false},
	} {
		for _, bits := range []int{32, 64} {
			got, err := floatArith(tc.op, bits, tc.x, tc.y)
			if tc.nan {
				if !errors.Is(err, errUndecided) {
					t.Errorf("%s (%d bits) = %v, %v; want undecided", tc.name, bits, got, err)
				}
				continue
			}
			if err != nil || got.lo != tc.lo || got.hi != tc.hi {
				t.Errorf("%s (%d bits) = [%v, %v], %v; want [%v, %v]", tc.name, bits, got.lo, got.hi, err, tc.lo, tc.hi)
			}
		}
	}
}
