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

// TestArrayInvariants: loops that fill and copy arrays of up to 1000
// elements, beyond BMC, are proved with array invariants (and not
// without them: the intervals alone leave them bounded), and their buggy
// variants are found with a replayed trace.
func TestArrayInvariants(t *testing.T) {
	const pre = "extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assume(int);\nvoid *malloc(unsigned int);\nvoid reach_error(void);\n#define assert(c) do { if (!(c)) reach_error(); } while (0)\n"
	const head = "int main(void) { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(0 <= n && n <= 1000); int i;\n"
	fill := head + "int *x = malloc(n * sizeof(int));\nfor (i = 0; i < n; i++) x[i] = 0;\n"
	copyChain := head + "int *a1 = malloc(n * sizeof(int)), *a2 = malloc(n * sizeof(int)), *a3 = malloc(n * sizeof(int));\n" +
		"for (i = 0; i < n; i++) a1[i] = __VERIFIER_nondet_int();\nfor (i = 0; i < n; i++) a2[i] = a1[i];\n"
	tests := []struct {
		name, body string
		want       result.Verdict
	}{
		{"mcmillan", fill + "for (i = 0; i < n; i++) assert(x[i] == 0); return 0; }", result.Safe},
		{"mcmillan, one element short", head + "int *x = malloc(n * sizeof(int));\nfor (i = 0; i < n - 1; i++) x[i] = 0;\n" +
			"for (i = 0; i < n; i++) assert(x[i] == 0); return 0; }", result.Unsafe},
		{"mcmillan, one element overwritten", fill + "if (n > 5) x[5] = 1;\nfor (i = 0; i < n; i++) assert(x[i] == 0); return 0; }", result.Unsafe},
		{"copy chain", copyChain + "for (i = 0; i < n; i++) a3[i] = a2[i];\nfor (i = 0; i < n; i++) assert(a1[i] == a3[i]); return 0; }", result.Safe},
		{"copy chain, source changed", copyChain + "if (n > 2) a1[2] = a1[2] + 1;\nfor (i = 0; i < n; i++) a3[i] = a2[i];\n" +
			"for (i = 0; i < n; i++) assert(a1[i] == a3[i]); return 0; }", result.Unsafe},
		{"copy chain, copied from the next", copyChain + "for (i = 0; i < n; i++) a3[i] = a2[i + 1 < n ? i + 1 : i];\n" +
			"for (i = 0; i < n; i++) assert(a1[i] == a3[i]); return 0; }", result.Unsafe},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := cfronttest.Load(t, pre+tc.body+"\n", ir.ILP32)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			r := engine.Verify(ctx, p, engine.Options{Engine: "kinduction", MaxK: 8, Solver: solver})
			if r.Verdict != tc.want {
				t.Fatalf("verdict %s (%s), want %s", r.Verdict, r.Reason, tc.want)
			}
			if tc.want == result.Unsafe && (r.Violated() == nil || r.Violated().Trace == nil || !r.Violated().Trace.Replayed) {
				t.Fatal("unsafe without a replayed trace")
			}
			if tc.want != result.Safe {
				return
			}
			// The proof lists its array facts for people, with no C.
			listed := false
			for _, iv := range r.Invariants {
				if strings.HasPrefix(iv.Text, "forall j.") {
					listed = true
					if iv.Expr != "" {
						t.Errorf("array fact %q with C %q", iv.Text, iv.Expr)
					}
				}
			}
			if !listed {
				t.Errorf("no array fact among the proof's invariants %+v", r.Invariants)
			}
			r = engine.Verify(ctx, p, engine.Options{Engine: "kinduction", MaxK: 3, Solver: solver, Invariants: "intervals"})
			if r.Verdict == result.Safe {
				t.Fatalf("safe without array invariants (%s): the test shows nothing", r.Reason)
			}
		})
	}
}
