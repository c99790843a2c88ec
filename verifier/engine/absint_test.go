package engine_test

import (
	"context"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// TestIntervalProof: the interval analysis proves what it can state (a
// flag after nested loops no unwinding reaches the end of, an error
// function behind a test it decides) and claims nothing otherwise — a
// reachable failure, a relation between variables, a call of a function
// without body, an unsupported construct.
func TestIntervalProof(t *testing.T) {
	const pre = "void reach_error(void); int __VERIFIER_nondet_int(void); int ext(void);\n" +
		"static void fail(void) { reach_error(); }\n"
	tests := []struct {
		name, body string
		proved     bool
	}{
		{"flag after nested loops", "int main(void) { static char a[1 << 20]; unsigned f = 1; for (unsigned i = 0; i < sizeof a; i++) for (unsigned j = 0; j < sizeof a; j++) a[i] = a[j] + 1; if (f != 1) reach_error(); return 0; }", true},
		{"bounded counter", "int main(void) { int n = __VERIFIER_nondet_int(); int i = 0; if (n > 100) n = 100; while (i < n) i++; if (i > 100) fail(); return 0; }", true},
		{"error function behind a decided test", "int main(void) { int x = 3; if (x > 5) fail(); return 0; }", true},
		{"reachable failure", "int main(void) { int x = __VERIFIER_nondet_int(); if (x > 5) reach_error(); return 0; }", false},
		{"error function reached", "int main(void) { int x = __VERIFIER_nondet_int(); if (x > 5) fail(); return 0; }", false},
		{"difference (zones)", "int main(void) { int n = __VERIFIER_nondet_int(), i = 0, j = 0; while (i < n) { i++; j++; } if (i != j) reach_error(); return 0; }", true},
		{"relation beyond zones", "int main(void) { int n = __VERIFIER_nondet_int(), i = 0, j = 0; if (n > 1000) return 0; while (i < n) { i++; j += 2; } if (j != 2*i) reach_error(); return 0; }", false},
		{"call without body", "int main(void) { int x = 1; ext(); if (x != 1) reach_error(); return 0; }", false},
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
		})
	}
}
