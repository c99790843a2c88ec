package engine_test

import (
	"context"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// TestIntervalProofFloats: the interval analysis proves assertions over
// float and double when its bounds decide them, and never one a NaN, an
// overflow to infinity, float rounding or an undefined conversion can
// break. Every program it must not prove is unsafe, which BMC confirms:
// a "not proved" of a safe program would test nothing.
func TestIntervalProofFloats(t *testing.T) {
	const pre = "void reach_error(void); int __VERIFIER_nondet_int(void); float __VERIFIER_nondet_float(void); double __VERIFIER_nondet_double(void);\n"
	tests := []struct {
		name, body string
		proved     bool
	}{
		{"double counter", "int main(void) { double x = 0.0; while (x < 10.0) x = x + 0.5; if (x > 11.0) reach_error(); return 0; }", true},
		{"float counter", "int main(void) { float x = 0.0f; while (x < 1000.0f) { if (__VERIFIER_nondet_int()) break; x = x * 1.5f + 1.0f; } if (x < 0.0f || x > 1600.0f) reach_error(); return 0; }", true},
		{"bounded input", "int main(void) { float f = __VERIFIER_nondet_float(); if (f >= 0.0f && f <= 100.0f) { float g = f * 0.5f + 1.0f; if (g > 51.0f || g < 1.0f) reach_error(); } return 0; }", true},
		{"truncation", "int main(void) { double d = __VERIFIER_nondet_double(); if (d > -1.0 && d < 1000.0) { int k = (int)d; if (k < 0 || k > 999) reach_error(); } return 0; }", true},
		{"int to float", "int main(void) { int i = __VERIFIER_nondet_int(); if (i >= 0 && i <= 100) { float f = i; if (f > 100.0f) reach_error(); } return 0; }", true},
		{"ordered test excludes NaN", "int main(void) { double d = __VERIFIER_nondet_double(); if (d < 5.0) { if (!(d < 6.0)) reach_error(); } return 0; }", true},
		{"float rounding holds", "int main(void) { float x = 16777216.0f; float y = x + 1.0f; if (y != x) reach_error(); return 0; }", true},

		{"float rounding breaks", "int main(void) { float x = 16777216.0f; float y = x + 1.0f; if (y == x) reach_error(); return 0; }", false},
		{"overflow to inf", "int main(void) { double x = 1e300; while (__VERIFIER_nondet_int()) x = x * 1e10; if (x - x != 0.0) reach_error(); return 0; }", false},
		{"zero over zero", "int main(void) { double z = 0.0; double n = z / z; if (n != n) reach_error(); return 0; }", false},
		{"NaN fails both tests", "int main(void) { double d = __VERIFIER_nondet_double(); if (!(d >= 5.0) && !(d < 5.0)) reach_error(); return 0; }", false},
		{"NaN on the false branch", "int main(void) { double d = __VERIFIER_nondet_double(); if (d < 5.0) return 0; if (d < 6.0) return 0; if (!(d >= 6.0)) reach_error(); return 0; }", false},
		{"zero times inf inside the box", "int main(void) { double a = __VERIFIER_nondet_double(); if (a >= -1.0 && a <= 1.0) { double b = 1e308 * 10.0; double c = a * b; if (c != c) reach_error(); } return 0; }", false},
		{"negative zero", "int main(void) { double z = -0.0; if (1.0 / z < 0.0) reach_error(); return 0; }", false},
		{"conversion out of range", "int main(void) { double d = __VERIFIER_nondet_double(); if (d >= 0.0 && d < 3e9) { int k = (int)d; if (k < 0) reach_error(); } return 0; }", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := cfronttest.Load(t, pre+tc.body+"\n", ir.LP64)
			r := engine.IntervalProof(context.Background(), p, "main")
			if tc.proved != (r != nil) {
				t.Fatalf("proved = %v, want %v (%+v)", r != nil, tc.proved, r)
			}
			if r != nil && (r.Verdict != result.Safe || len(r.Props) == 0) {
				t.Errorf("%s with %d properties", r.Verdict, len(r.Props))
			}
			if !tc.proved {
				// An out-of-range conversion is undefined: BMC's
				// counterexample does not replay, it says unknown.
				b := engine.BMC(context.Background(), cfronttest.Load(t, pre+tc.body+"\n", ir.LP64), 3, engine.Options{Solver: solver})
				if b.Verdict != result.Unsafe && !(tc.name == "conversion out of range" && b.Verdict == result.Unknown) {
					t.Errorf("BMC says %s (%s): the case tests nothing", b.Verdict, b.Reason)
				}
			}
		})
	}
}
