package engine_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// TestFloatLoopBounds: the interval analysis's float bounds at a loop
// head are k-induction invariants. Without them the step starts from any
// double, NaN included (NaN + 0.5 > 100 is false, so a NaN stays and
// fails the assertion), and the unbounded n leaves BMC no end; with
// them the step holds at k=1 (also when x has no lower bound). A variant
// whose assertion fails after four iterations must be found, and one
// whose x may become NaN must not be proved.
func TestFloatLoopBounds(t *testing.T) {
	const loop = `extern double __VERIFIER_nondet_double(void);
		int main(void) { double x = 0.0; int i = 0; int n = __VERIFIER_nondet_int();
		if (n <= 0) return 0;
		while (i < n) { x = x + STEP; if (x > 100.0) x = 0.0; i++; }
		__VERIFIER_assert(x <= LIMIT && i == n); return 0; }`
	for _, tc := range []struct {
		name, step, limit string
		want              result.Verdict
		inv               string // a bound the proof reports
	}{
		{"bounded double", "0.5", "100.0", result.Safe, "0.0 <= x && x <= 100.0"},
		{"fails at i=4", "25.0", "75.0", result.Unsafe, ""},
		{"any int step", "(double)__VERIFIER_nondet_int()", "100.0", result.Safe, "x <= 100.0"},
		{"may be NaN", "__VERIFIER_nondet_double()", "100.0", result.Unsafe, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.NewReplacer("STEP", tc.step, "LIMIT", tc.limit).Replace(loop)
			for _, model := range []ir.DataModel{ir.LP64, ir.ILP32} {
				p := cfronttest.Load(t, sampledPre+src, model)
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				var log strings.Builder
				r := engine.Verify(ctx, p, engine.Options{Engine: "kinduction", Solver: solver, Log: &log})
				cancel()
				t.Logf("%s: %s in %s: %s", model, r.Verdict, r.Elapsed, r.Reason)
				if r.Verdict != tc.want {
					t.Fatalf("%s: %s (%s), want %s\n%s", model, r.Verdict, r.Reason, tc.want, log.String())
				}
				if tc.want != result.Safe {
					continue
				}
				var got []string
				for _, iv := range r.Invariants {
					got = append(got, iv.Expr)
				}
				if !strings.Contains(strings.Join(got, "; "), tc.inv) {
					t.Errorf("%s: invariants %q lack %q", model, got, tc.inv)
				}
			}
		})
	}
}
