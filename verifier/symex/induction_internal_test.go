package symex

import (
	"math"
	"testing"
)

// TestRoundOut32 checks that a float loop-head bound taken from a double
// never excludes a float the bound admits: rounding to nearest would
// move 0.1's lower bound above it.
func TestRoundOut32(t *testing.T) {
	tests := []struct {
		f        float64
		dir      int
		want     float32
		exactInF bool
	}{
		{0.1, -1, math.Nextafter32(float32(0.1), 0), false}, // float32(0.1) > 0.1
		{0.1, 1, float32(0.1), false},
		{-0.1, 1, math.Nextafter32(float32(-0.1), 0), false},
		{-0.1, -1, float32(-0.1), false},
		{1.5, -1, 1.5, true},
		{1.5, 1, 1.5, true},
		{1e39, -1, math.MaxFloat32, false},
		{1e39, 1, float32(math.Inf(1)), false},
		{-1e39, -1, float32(math.Inf(-1)), false},
		{-1e39, 1, -math.MaxFloat32, false},
		{math.SmallestNonzeroFloat64, -1, 0, false},
		{math.SmallestNonzeroFloat64, 1, math.SmallestNonzeroFloat32, false},
	}
	for _, tc := range tests {
		got := roundOut32(tc.f, tc.dir)
		if got != tc.want {
			t.Errorf("roundOut32(%g, %d) = %g, want %g", tc.f, tc.dir, got, tc.want)
		}
		if tc.dir < 0 && float64(got) > tc.f || tc.dir > 0 && float64(got) < tc.f {
			t.Errorf("roundOut32(%g, %d) = %g is on the wrong side", tc.f, tc.dir, got)
		}
		if tc.exactInF != (float64(got) == tc.f) {
			t.Errorf("roundOut32(%g, %d) = %g: exact = %v, want %v", tc.f, tc.dir, got, float64(got) == tc.f, tc.exactInF)
		}
	}
}
