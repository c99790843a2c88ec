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

// TestInlineCallee: a loop in a callee gets the entry's loop reasoning
// once the callee is inlined (proved safe; without inlining k-induction
// stays bounded), and a bug in a callee is reported with a trace of the
// original program, whose steps name the callee.
func TestInlineCallee(t *testing.T) {
	const callee = `int sum(int n) {
  int i = 0, s = 0;
  while (i < n) { s = s + 2; i = i + 1; }
  __VERIFIER_assert(ASSERTION);
  return s;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  sum(n);
  return 0;
}`
	verify := func(assertion, inline string) *result.Result {
		prog := cfronttest.LoadProgram(t, prelude+strings.ReplaceAll(callee, "ASSERTION", assertion), ir.ILP32)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		return engine.Verify(ctx, prog.IR, engine.Options{Engine: "kinduction", MaxK: 16, Solver: solver, Inline: inline})
	}
	if r := verify("s == 2 * i", "on"); r.Verdict != result.Safe {
		t.Errorf("inlined: %s (%s), want safe", r.Verdict, r.Reason)
	} else {
		// The proof's invariants are stated at sum's loop, in sum's names.
		if len(r.Invariants) == 0 {
			t.Errorf("no invariants listed")
		}
		for _, inv := range r.Invariants {
			if inv.Func != "sum" {
				t.Errorf("invariant %+v: want one stated in sum", inv)
			}
		}
	}
	if r := verify("s == 2 * i", "off"); r.Verdict == result.Safe {
		t.Errorf("not inlined: %s (%s), want no proof", r.Verdict, r.Reason)
	}
	r := verify("s != 6", "on")
	v := r.Violated()
	if r.Verdict != result.Unsafe || v == nil || v.Trace == nil || !v.Trace.Replayed {
		t.Fatalf("bug in the callee: %s (%s), want unsafe with a replayed trace", r.Verdict, r.Reason)
	}
	inSum := 0
	for _, st := range v.Trace.Steps {
		if st.Func == "sum" {
			inSum++
		}
	}
	if inSum == 0 {
		t.Errorf("the trace has no step in sum: %+v", v.Trace.Steps)
	}
}
