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

// TestSampledAndGuardedInvariants: k-induction proves loop-new/half.i's
// and loop-lit/ddlm2013.i's loops (ILP32, as SV-COMP runs them) with
// the sampled round's invariants, a bound whose constant no entry state
// shows and equalities guarded by a variable the loop does not write;
// variants with a bug end unsafe with a replayed counterexample.
func TestSampledAndGuardedInvariants(t *testing.T) {
	const half = `int main(void) { int i = 0, n = 0, k = __VERIFIER_nondet_int();
		if (!(k <= 1000000 && k >= -1000000)) return 0;
		for (i = 0; i COND 2*k; i++) { if (i % 2 == 0) n++; }
		__VERIFIER_assert(k < 0 || n == k); return 0; }`
	const ddlm = `int main(void) { unsigned int i, j, a, b; int flag = __VERIFIER_nondet_int();
		a = 0; b = 0; j = 1;
		if (flag) { i = 0; } else { i = 1; }
		while (__VERIFIER_nondet_int()) { a++; b += (j - i); i += 2; if (i%2 == 0) { j += 2; } else { j++; } }
		if (TEST) { __VERIFIER_assert(a == b); } return 0; }`
	for _, tc := range []struct {
		name, body string
		want       result.Verdict
		inv        string // an invariant the proof reports
	}{
		{"half", strings.Replace(half, "COND", "<", 1), result.Safe, "(k < 0) || ((long long)i - 2 * (long long)k <= 0LL)"},
		{"half, one iteration more", strings.Replace(half, "COND", "<=", 1), result.Unsafe, ""},
		{"ddlm2013", strings.Replace(ddlm, "TEST", "flag", 1), result.Safe, "(flag == 0) || ((long long)a - (long long)b == 0LL)"},
		{"ddlm2013, flag == 0", strings.Replace(ddlm, "TEST", "!flag", 1), result.Unsafe, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := cfronttest.Load(t, sampledPre+tc.body, ir.ILP32)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			var log strings.Builder
			r := engine.Verify(ctx, p, engine.Options{Engine: "kinduction", Solver: solver, Log: &log})
			t.Logf("%s in %s: %s", r.Verdict, r.Elapsed, r.Reason)
			if r.Verdict != tc.want {
				t.Fatalf("%s (%s), want %s\n%s", r.Verdict, r.Reason, tc.want, log.String())
			}
			if tc.want == result.Unsafe {
				if v := r.Violated(); v == nil || v.Trace == nil || !v.Trace.Replayed {
					t.Fatalf("unsafe without a replayed trace: %+v", v)
				}
				return
			}
			var got []string
			for _, iv := range r.Invariants {
				got = append(got, iv.Expr)
			}
			if !strings.Contains(strings.Join(got, "; "), tc.inv) {
				t.Errorf("invariants %q lack %q", got, tc.inv)
			}
		})
	}
}
