package engine

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// TestConfirmOnOriginal: a counterexample of an instrumented query is
// reported only if its inputs fail the same assertion on the original
// program; one that does not is logged and dropped.
func TestConfirmOnOriginal(t *testing.T) {
	src := "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\nextern void abort(void);\n" +
		"void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }\n" +
		"int main(void) { int x = __VERIFIER_nondet_int(); __VERIFIER_assert(x != 5); return 0; }\n"
	prog := cfronttest.LoadProgram(t, src, ir.ILP32)
	p := prog.IR
	id := ""
	for _, pr := range p.Props {
		if pr.Func == "main" {
			id = pr.ID
		}
	}
	for _, tc := range []struct {
		x      byte
		report bool
	}{{5, true}, {3, false}} {
		r := &result.Result{Verdict: result.Unsafe, Props: []result.Property{{ID: id, Verdict: result.Unsafe,
			Trace: &result.Trace{Replayed: true, Inputs: []result.Input{{Bytes: []byte{tc.x, 0, 0, 0}}}}}}}
		var log bytes.Buffer
		got := replayOnOriginal(context.Background(), p, Options{Entry: "main", Log: &log, MaxReplaySteps: 1000}, r, "contractors", "found with contractors")
		if (got != nil) != tc.report {
			t.Fatalf("x = %d: reported %v, want %v (log %s)", tc.x, got != nil, tc.report, log.String())
		}
		if !tc.report && !strings.Contains(log.String(), "does not replay on the original") {
			t.Errorf("x = %d: not logged: %q", tc.x, log.String())
		}
		if tc.report && (got.Violated() == nil || !got.Violated().Trace.Replayed) {
			t.Errorf("x = %d: no replayed trace", tc.x)
		}
	}
}
