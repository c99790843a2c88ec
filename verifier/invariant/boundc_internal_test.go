package invariant

import (
	"math"
	"math/big"
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/symex"
)

// TestBoundC: loop-head bounds as the C a proof listing and a
// correctness witness show, floats with their NaN flag (a NaN compares
// false with everything, so "x != x" is the only way to admit one).
func TestBoundC(t *testing.T) {
	dbl := &ir.Var{Name: "x", Source: "x", Kind: ir.Local, Type: &ir.FloatType{Bits: 64}}
	flt := &ir.Var{Name: "f", Source: "f", Kind: ir.Local, Type: &ir.FloatType{Bits: 32}}
	i32 := &ir.Var{Name: "i", Source: "i", Kind: ir.Local, Type: &ir.IntType{Kind: ir.Int, Bits: 32, Signed: true}}
	inf := math.Inf(1)
	for _, tc := range []struct {
		bd   symex.Bound
		want string
	}{
		{symex.Bound{V: i32, Lo: big.NewInt(0), Hi: big.NewInt(10)}, "0 <= i && i <= 10"},
		{symex.Bound{V: dbl, FLo: 0, FHi: 100}, "0.0 <= x && x <= 100.0"},
		{symex.Bound{V: dbl, FLo: -inf, FHi: 2.5}, "x <= 2.5"},
		{symex.Bound{V: dbl, FLo: 1e-300, FHi: inf}, "1e-300 <= x"},
		{symex.Bound{V: dbl, FLo: -inf, FHi: inf}, "x == x"},
		{symex.Bound{V: dbl, FLo: -inf, FHi: inf, NaN: true}, ""},
		{symex.Bound{V: dbl, FLo: -1, FHi: 1, NaN: true}, "x != x || (-1.0 <= x && x <= 1.0)"},
		{symex.Bound{V: dbl, FLo: 3, FHi: 3}, "x == 3.0"},
		{symex.Bound{V: dbl, FLo: inf, FHi: inf}, ""},
		{symex.Bound{V: dbl, FLo: 1, FHi: 0, NaN: true}, "x != x || (0)"},
		{symex.Bound{V: flt, FLo: float64(float32(0.1)), FHi: 0.5}, "0.10000000149011612 <= f && f <= 0.5"},
		{symex.Bound{V: &ir.Var{Name: "$t", Kind: ir.Temp, Type: &ir.FloatType{Bits: 64}}, FLo: 0, FHi: 1}, ""},
	} {
		if got := BoundC(tc.bd); got != tc.want {
			t.Errorf("BoundC(%s [%g, %g] NaN=%v) = %q, want %q", tc.bd.V.Name, tc.bd.FLo, tc.bd.FHi, tc.bd.NaN, got, tc.want)
		}
	}
}
