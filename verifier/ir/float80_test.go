package ir_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
)

// TestFloat80 checks the encodings and roundings gcc's output for
// testdata/cprogs/200_long_double.c does not reach on its own.
func TestFloat80(t *testing.T) {
	least := ir.Float80{M: 1} // 2^-16445
	// round rounds m·2^e (SetMantExp keeps m's precision, exact).
	round := func(m *big.Int, e int) ir.Float80 {
		x := new(big.Float).SetMantExp(new(big.Float).SetInt(m), e)
		return ir.RoundFloat80(func(z *big.Float) { z.Set(x) })
	}
	exact := func(m int64, e int) ir.Float80 { return round(big.NewInt(m), e) }
	ones := func(n uint) *big.Int { return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), n), big.NewInt(1)) }
	for _, tc := range []struct {
		name      string
		got, want ir.Float80
	}{
		{"one", exact(1, 0), ir.Float80{SE: 0x3fff, M: 1 << 63}},
		{"least", exact(1, -16445), least},
		{"half least ties to zero", exact(1, -16446), ir.Float80{}},
		{"three quarters of least", exact(3, -16447), least},
		{"one and a half least ties to even", exact(3, -16446), ir.Float80{M: 2}},
		{"least normal", exact(1, -16382), ir.Float80{SE: 1, M: 1 << 63}},
		{"overflow", exact(1, 16384), ir.Float80Inf(false)},
		{"greatest", round(ones(64), 16384-64), ir.Float80{SE: 0x7ffe, M: math.MaxUint64}},
		{"greatest and half a unit", round(ones(65), 16384-65), ir.Float80Inf(false)},
		{"greatest and less than half a unit", round(new(big.Int).Sub(ones(66), big.NewInt(2)), 16384-66), ir.Float80{SE: 0x7ffe, M: math.MaxUint64}},
		{"one and a half least, negative", exact(-3, -16446), ir.Float80{SE: 0x8000, M: 2}},
		{"just below the least normal", exact(1<<63-1, -16445), ir.Float80{M: 1<<63 - 1}},
		{"half a unit below the least normal", round(ones(64), -16446), ir.Float80{SE: 1, M: 1 << 63}},
		{"a quarter unit below the least normal", round(ones(65), -16447), ir.Float80{SE: 1, M: 1 << 63}},
		{"subnormal, inexact above a tie", round(new(big.Int).Add(new(big.Int).Lsh(big.NewInt(5), 70), big.NewInt(1)), -16446-70), ir.Float80{M: 3}},
		{"pseudo-denormal", ir.Float80{M: 1<<63 | 5}.Canon(), ir.Float80{SE: 1, M: 1<<63 | 5}},
		{"unnormal", ir.Float80{SE: 0x4000, M: 5}.Canon(), ir.Float80DefaultNaN},
		{"pseudo-infinity", ir.Float80{SE: 0x7fff}.Canon(), ir.Float80DefaultNaN},
		{"double NaN", ir.Float80FromFloat64(math.Float64frombits(0xfff0000000000001)), ir.Float80{SE: 0xffff, M: 0xc000000000000800}},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %04x %016x, want %04x %016x", tc.name, tc.got.SE, tc.got.M, tc.want.SE, tc.want.M)
		}
	}
	if f := ir.Float80FromFloat64(0.1); f.Float64() != 0.1 || f.String() != "0.10000000000000000555L" {
		t.Errorf("0.1 round trip: %v %s", f.Float64(), f)
	}
	if !ir.Float80DefaultNaN.IsNaN() || ir.Float80DefaultNaN.Float64() == ir.Float80DefaultNaN.Float64() {
		t.Errorf("the default NaN is not a NaN")
	}
}
