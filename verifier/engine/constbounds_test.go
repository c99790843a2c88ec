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

// TestSentinelSearch is loop-acceleration/array_4 at 256 elements: the
// search for the zero stored at the end stays within the array only
// because of what it reads, a bound by a constant of the program that
// k-induction proves (BMC would unwind 256 iterations). An assertion
// one below that bound fails when every other element is nonzero.
func TestSentinelSearch(t *testing.T) {
	const src = `int main(void) { int A[256]; int i;
		for (i = 0; i < 256 - 1; i++) A[i] = __VERIFIER_nondet_int();
		A[256 - 1] = 0;
		for (i = 0; A[i] != 0; i++) {}
		__VERIFIER_assert(i <= LIMIT); return 0; }`
	for _, tc := range []struct {
		limit string
		want  result.Verdict
	}{
		{"256", result.Safe},
		{"255", result.Safe},
		{"254", result.Unsafe},
	} {
		t.Run(tc.limit, func(t *testing.T) {
			p := cfronttest.Load(t, sampledPre+strings.ReplaceAll(src, "LIMIT", tc.limit), ir.ILP32)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			var log strings.Builder
			r := engine.Verify(ctx, p, engine.Options{Engine: "kinduction", Solver: solver, Log: &log})
			t.Logf("%s in %s: %s", r.Verdict, r.Elapsed, r.Reason)
			if tc.want == result.Unsafe {
				if r.Verdict == result.Safe {
					t.Fatalf("safe (%s); i reaches 255", r.Reason)
				}
				return // 255 iterations deep: found or bounded, never safe
			}
			if r.Verdict != tc.want {
				t.Fatalf("%s (%s), want %s\n%s", r.Verdict, r.Reason, tc.want, log.String())
			}
			var got []string
			for _, iv := range r.Invariants {
				got = append(got, iv.Text)
			}
			if !strings.Contains(strings.Join(got, "; "), "i <= 255") {
				t.Errorf("invariants %q lack i <= 255", got)
			}
		})
	}
}
