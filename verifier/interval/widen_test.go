package interval

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
)

func (th *Thresholds) String() string { return fmt.Sprint(th.vals) }

func TestThresholdsAdd(t *testing.T) {
	th := NewThresholds()
	if got := th.String(); got != "[-1 0 1]" {
		t.Errorf("NewThresholds = %s", got)
	}
	for _, v := range []int64{10, -5, 11, 0, 10} {
		th.Add(big.NewInt(v))
	}
	if got, want := th.String(), "[-6 -5 -4 -1 0 1 9 10 11 12]"; got != want {
		t.Errorf("thresholds = %s, want %s", got, want)
	}
	if th.Len() != 10 {
		t.Errorf("Len = %d", th.Len())
	}
}

// TestThresholdsAddConsts: the whole-function analysis skips the
// constants under an address-of (addresses are not compared with tracked
// values); the contractor's loop analysis, which always took every
// constant of its loop's operands, asks for them. Both are sound (the
// thresholds only steer precision); each keeps the set it had.
func TestThresholdsAddConsts(t *testing.T) {
	std := ir.StdTypes(ir.LP64)
	arr := &ir.Var{Name: "a", Type: &ir.ArrayType{Elem: std.Int, Len: 8}}
	c := func(v int64) ir.Expr { return &ir.Const{T: std.Int, Bits: uint64(v)} }
	// &a[3] + 7 (the pointer arithmetic's shape does not matter here)
	e := &ir.Binary{Op: ir.PtrAdd, X: &ir.AddrOf{X: &ir.Index{X: &ir.VarRef{V: arr}, I: c(3)}, T: &ir.PointerType{Elem: std.Int}}, Y: c(-7)}
	for _, tc := range []struct {
		under bool
		want  string
	}{
		{false, "[-8 -7 -6 -1 0 1]"},
		{true, "[-8 -7 -6 -1 0 1 2 3 4]"},
	} {
		th := NewThresholds()
		th.AddConsts(e, tc.under)
		if got := th.String(); got != tc.want {
			t.Errorf("underAddrOf=%v: %s, want %s", tc.under, got, tc.want)
		}
	}
}

func TestWiden(t *testing.T) {
	std := ir.StdTypes(ir.LP64)
	u8, s8 := std.UChar, std.SChar
	th := NewThresholds()
	th.Add(big.NewInt(100))
	iv := func(ty *ir.IntType, lo, hi int64) Interval {
		return Interval{T: ty, Lo: big.NewInt(lo), Hi: big.NewInt(hi)}
	}
	for _, tc := range []struct {
		old, nw Interval
		want    string
	}{
		{iv(u8, 0, 0), iv(u8, 0, 1), "[0, 1]"},                 // 1 is a threshold
		{iv(u8, 0, 1), iv(u8, 0, 2), "[0, 99]"},                // the next one up
		{iv(u8, 0, 99), iv(u8, 0, 100), "[0, 100]"},            // reached exactly
		{iv(u8, 0, 101), iv(u8, 0, 102), "top(unsigned char)"}, // none left: the type's bound
		{iv(s8, 5, 5), iv(s8, 3, 5), "[1, 5]"},                 // down to the nearest below
		{iv(s8, -1, 5), iv(s8, -2, 5), "[-128, 5]"},            // none below -1
		{iv(s8, 0, 10), iv(s8, 0, 10), "[0, 10]"},              // nothing grew
		{iv(s8, 0, 10), iv(s8, -1, 11), "[-1, 99]"},            // both bounds
		{iv(u8, 99, 99), iv(u8, 99, 101), "[99, 101]"},         // 101 is a threshold
	} {
		if got := th.Widen(tc.old, tc.nw).String(); got != tc.want {
			t.Errorf("Widen(%s, %s) = %s, want %s", tc.old, tc.nw, got, tc.want)
		}
	}
}
