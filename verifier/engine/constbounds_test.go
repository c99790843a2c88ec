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

// TestBoundInvariants: bounds no template writes, which k-induction
// proves with the program's constants and an accumulator's slope.
//
//   - The sentinel search is loop-acceleration/array_4 at 256 elements:
//     the search for the zero stored at the end stays within the array
//     only because of what it reads (i <= 255; BMC would unwind 256
//     iterations).
//   - The accumulator is loop-invariants/linear-inequality-inv-a: a sum of
//     at most 255 unsigned chars stays at most 255*255 because it grows
//     at most 255 per iteration (s - 255*i <= 0, with i <= n <= 255).
//
// One below each bound fails (every other element nonzero; every value
// 255): never safe, found or bounded (it is 255 iterations deep).
func TestBoundInvariants(t *testing.T) {
	const search = `int main(void) { int A[256]; int i;
		for (i = 0; i < 256 - 1; i++) A[i] = __VERIFIER_nondet_int();
		A[256 - 1] = 0;
		for (i = 0; A[i] != 0; i++) {}
		__VERIFIER_assert(i <= LIMIT); return 0; }`
	const sum = `extern unsigned char __VERIFIER_nondet_uchar(void);
		int main(void) { unsigned char n = __VERIFIER_nondet_uchar(); if (n == 0) return 0;
		unsigned char v = 0; unsigned int s = 0, i = 0;
		while (i < n) { v = __VERIFIER_nondet_uchar(); s += v; ++i; }
		__VERIFIER_assert(s >= v && s <= LIMIT); return 0; }`
	for _, tc := range []struct {
		name, src, limit string
		want             result.Verdict
		inv              string // an invariant the proof lists
	}{
		{"sentinel search", search, "256", result.Safe, "i <= 255"},
		{"sentinel search", search, "255", result.Safe, "i <= 255"},
		{"sentinel search", search, "254", result.Unsafe, ""},
		{"accumulator", sum, "65025", result.Safe, "s - 255*i <= 0"},
		{"accumulator", sum, "65024", result.Unsafe, ""},
	} {
		t.Run(tc.name+" "+tc.limit, func(t *testing.T) {
			p := cfronttest.Load(t, sampledPre+strings.ReplaceAll(tc.src, "LIMIT", tc.limit), ir.ILP32)
			d := 60 * time.Second
			if tc.want == result.Unsafe {
				d = 8 * time.Second // it must not be proved; finding it takes BMC 255 iterations
			}
			ctx, cancel := context.WithTimeout(context.Background(), d)
			defer cancel()
			var log strings.Builder
			r := engine.Verify(ctx, p, engine.Options{Engine: "kinduction", Solver: solver, Log: &log})
			t.Logf("%s in %s: %s", r.Verdict, r.Elapsed, r.Reason)
			if tc.want == result.Unsafe {
				if r.Verdict == result.Safe {
					t.Fatalf("safe (%s), but the assertion fails", r.Reason)
				}
				return
			}
			if r.Verdict != tc.want {
				t.Fatalf("%s (%s), want %s\n%s", r.Verdict, r.Reason, tc.want, log.String())
			}
			var got []string
			for _, iv := range r.Invariants {
				got = append(got, iv.Text)
			}
			if !strings.Contains(strings.Join(got, "; "), tc.inv) {
				t.Errorf("invariants %q lack %q", got, tc.inv)
			}
		})
	}
}
