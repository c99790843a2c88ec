package engine

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/z3"
)

// deep has a bug a million iterations deep: no engine proves it (it is
// not safe), none finds the bug in the test's time, so every engine runs
// until it is stopped and the panic injected in one of them is what
// decides.
const deep = `extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  unsigned x = 0;
  while (__VERIFIER_nondet_int()) {
    x++;
    if (x == 1000000) reach_error();
  }
  return 0;
}
`

func z3Solver(logic string) (smt.Solver, error) { return z3.New(z3.Options{Logic: logic}) }

// TestPanicsBecomeUnknown: a panic in any engine, in the goroutine of
// Verify's caller or in one an engine started (auto's three engines,
// the invariant generator), ends the run
// unknown with reason "internal error: …", the stack in the log, the
// other engines stopped — and the test binary alive.
func TestPanicsBecomeUnknown(t *testing.T) {
	p := cfronttest.Load(t, deep, ir.LP64)
	tests := []struct{ engine, at, where string }{
		{"auto", "concrete", "auto's concrete engine"},
		{"auto", "incremental", "auto's incremental engine"},
		{"auto", "kinduction", "auto's kinduction engine"},
		{"auto", "invariant", "the invariant generator"},
		{"incremental", "incremental", "the incremental engine"},
		{"kinduction", "kinduction", "the kinduction engine"},
		{"kinduction", "invariant", "the invariant generator"},
		{"bkind", "bkind", "the bkind engine"},
	}
	for _, tc := range tests {
		t.Run(tc.engine+"/"+tc.at, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			var log bytes.Buffer
			start := time.Now()
			r := Verify(ctx, p, Options{Engine: tc.engine, Solver: z3Solver, Contractors: "off", Log: &log, testPanic: tc.at})
			want := "internal error: test panic in " + tc.at + " (in " + tc.where + ")"
			if r.Verdict != result.Unknown || r.Reason != want {
				t.Fatalf("%s (%s), want unknown (%s)", r.Verdict, r.Reason, want)
			}
			if el := time.Since(start); el > 15*time.Second {
				t.Errorf("took %s: the other engines were not stopped", el)
			}
			if r.Engine != tc.engine || r.Entry != "main" {
				t.Errorf("engine %q entry %q", r.Engine, r.Entry)
			}
			if s := log.String(); !strings.Contains(s, "prbmc: internal error in "+tc.where+": test panic in "+tc.at) || !strings.Contains(s, "goroutine") || !strings.Contains(s, "testHook") {
				t.Errorf("log without the stack:\n%s", s)
			}
		})
	}
}

// TestVerifyNeverPanics: misuse and malformed input are answers too.
func TestVerifyNeverPanics(t *testing.T) {
	p := cfronttest.Load(t, deep, ir.LP64)
	for name, run := range map[string]func() *result.Result{
		"nil program": func() *result.Result { return Verify(context.Background(), nil, Options{Solver: z3Solver}) },
		"nil solver":  func() *result.Result { return Verify(context.Background(), p, Options{Contractors: "off"}) },
		"nil solver, auto": func() *result.Result {
			return Verify(context.Background(), p, Options{Engine: "auto", Contractors: "off"})
		},
	} {
		r := run()
		if r.Verdict != result.Unknown || !strings.HasPrefix(r.Reason, "internal error: ") {
			t.Errorf("%s: %s (%s)", name, r.Verdict, r.Reason)
		}
	}
}

// TestConcreteFailedEarly: the concrete engine says a run failed before
// it runs it again for the trace (auto then stops BMC and k-induction),
// and only then.
func TestConcreteFailedEarly(t *testing.T) {
	for _, tc := range []struct {
		body string
		want bool
	}{
		{"int main(void) { unsigned x = 0x000fffff; while (x > 1) x -= 2; if (x != 0) reach_error(); return 0; }", true},
		{"int main(void) { unsigned x = 0x000ffff0; while (x > 1) x -= 2; if (x != 0) reach_error(); return 0; }", false},
	} {
		p := cfronttest.Load(t, "void reach_error(void);\n"+tc.body+"\n", ir.LP64)
		called := false
		r, ok := Concrete(context.Background(), p, Options{concreteFailed: func() { called = true }})
		if !ok || called != tc.want || (r.Verdict == result.Unsafe) != tc.want {
			t.Errorf("%s: applicable %v, %s, failure said %v; want %v", tc.body, ok, r.Verdict, called, tc.want)
		}
	}
}
