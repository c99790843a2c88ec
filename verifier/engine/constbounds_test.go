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

// TestAccumulatorSlope is loop-invariants/linear-inequality-inv-a: a sum
// of at most 255 unsigned chars stays at most 255*255 because it grows
// at most 255 per iteration (s - 255*i <= 0, with i <= n <= 255); one
// bound lower fails when every value is 255.
func TestAccumulatorSlope(t *testing.T) {
	const src = `extern unsigned char __VERIFIER_nondet_uchar(void);
		int main(void) { unsigned char n = __VERIFIER_nondet_uchar(); if (n == 0) return 0;
		unsigned char v = 0; unsigned int s = 0, i = 0;
		while (i < n) { v = __VERIFIER_nondet_uchar(); s += v; ++i; }
		__VERIFIER_assert(s >= v && s <= LIMIT); return 0; }`
	for _, tc := range []struct {
		limit string
		want  result.Verdict
	}{
		{"65025", result.Safe},
		{"65024", result.Unsafe},
	} {
		t.Run(tc.limit, func(t *testing.T) {
			p := cfronttest.Load(t, sampledPre+strings.ReplaceAll(src, "LIMIT", tc.limit), ir.ILP32)
			d := 60 * time.Second
			if tc.want == result.Unsafe {
				d = 8 * time.Second // it must not be proved; finding it takes BMC 255 iterations
			}
			ctx, cancel := context.WithTimeout(context.Background(), d)
			defer cancel()
			r := engine.Verify(ctx, p, engine.Options{Engine: "kinduction", Solver: solver})
			t.Logf("%s in %s: %s", r.Verdict, r.Elapsed, r.Reason)
			if tc.want == result.Unsafe {
				if r.Verdict == result.Safe {
					t.Fatalf("safe (%s); 255 values of 255 sum to 65025", r.Reason)
				}
				return // 255 iterations deep: found or bounded, never safe
			}
			if r.Verdict != tc.want {
				t.Fatalf("%s (%s), want %s", r.Verdict, r.Reason, tc.want)
			}
			var got []string
			for _, iv := range r.Invariants {
				got = append(got, iv.Text)
			}
			if !strings.Contains(strings.Join(got, "; "), "s - 255*i <= 0") {
				t.Errorf("invariants %q lack s - 255*i <= 0", got)
			}
		})
	}
}
