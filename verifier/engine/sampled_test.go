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

const sampledPre = "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\n" +
	"void __VERIFIER_assert(int c) { if (!c) reach_error(); }\n"

// TestSampledPolynomialInvariants: loops whose invariant the program
// does not write as an equality are proved safe by algebra through the
// candidates of sampled loop-head states, with the invariant in the
// result; and a relation true on every sample but not on longer runs
// never makes a failing assertion safe.
func TestSampledPolynomialInvariants(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       result.Verdict
		inv        string // an invariant the proof reports
	}{
		{"sum", `int main(void) { int n = __VERIFIER_nondet_int(); int i = 0, x = 0;
			while (i != n) { x = x + i; i = i + 1; }
			__VERIFIER_assert(2*x == n*n - n); return 0; }`, result.Safe, "i*i - i - 2*x == 0"},
		{"cubes", `int main(void) { unsigned n = __VERIFIER_nondet_int(), x = 0, y = 0, z = 1, w = 6;
			while (y < n) { x = x + z; z = z + w; w = w + 6; y = y + 1; }
			__VERIFIER_assert(x == y*y*y); return 0; }`, result.Safe, "3*y*y + 3*y - z + 1 == 0"},
		{"square until 30", `int main(void) { int i = 0, x = 0;
			while (__VERIFIER_nondet_int()) { x = x + 2*i + 1; if (i == 30) x = x + 1; i = i + 1; }
			__VERIFIER_assert(x == i*i); return 0; }`, result.Unsafe, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := cfronttest.Load(t, sampledPre+tc.body, ir.LP64)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			var log strings.Builder
			r := engine.Verify(ctx, p, engine.Options{Engine: "auto", Solver: solver, Log: &log})
			t.Logf("%s in %s: %s", r.Verdict, r.Elapsed, r.Reason)
			if tc.want != result.Safe {
				if r.Verdict == result.Safe {
					t.Fatalf("safe (%s); the assertion fails at i = 31", r.Reason)
				}
				if r.Verdict != tc.want {
					t.Logf("%s, not %s: allowed, a bound is no wrong answer", r.Verdict, tc.want)
				}
				return
			}
			if r.Verdict != result.Safe || !strings.Contains(r.Reason, "algebra") {
				t.Fatalf("%s (%s), want safe by algebra\n%s", r.Verdict, r.Reason, log.String())
			}
			var got []string
			for _, iv := range r.Invariants {
				got = append(got, iv.Text)
			}
			if !strings.Contains(strings.Join(got, "; "), tc.inv) {
				t.Errorf("invariants %q lack %q", got, tc.inv)
			}
			if !strings.Contains(log.String(), "candidates from samples") {
				t.Errorf("the log does not show the samples:\n%s", log.String())
			}
		})
	}
}
