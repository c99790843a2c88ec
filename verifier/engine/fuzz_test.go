package engine_test

import (
	"context"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// TestFuzz: the fuzzer finds failures the solver struggles with (a float
// polynomial, an overflow that needs n = 65536, a bug behind 100,000
// iterations), with a replayed trace whose inputs satisfy the program's
// assumptions, the same inputs on every run; on a safe program it reports
// unknown, never safe.
func TestFuzz(t *testing.T) {
	const pre = "void reach_error(void); void abort(void);\n" +
		"float __VERIFIER_nondet_float(void); unsigned __VERIFIER_nondet_uint(void); int __VERIFIER_nondet_int(void);\n" +
		"static void assume(int c) { if (!c) abort(); }\n"
	tests := []struct {
		name, body string
		want       result.Verdict
		// check tests the failing input (the first) when want is unsafe.
		check func(in result.Input) bool
	}{
		{"float polynomial near its bound",
			"int main(void) { float x = __VERIFIER_nondet_float(); assume(x >= 0.0f && x < 1.0f);" +
				" float r = 1.0f + 0.5f*x - 0.125f*x*x + 0.0625f*x*x*x - 0.0390625f*x*x*x*x;" +
				" if (!(r < 1.39843f)) reach_error(); return 0; }",
			result.Unsafe, func(in result.Input) bool {
				v, err := strconv.ParseFloat(in.Value, 32)
				return err == nil && v >= 0 && v < 1
			}},
		{"newton step leaves its range",
			"static float f(float x) { return x - (x*x*x)/6.0f + (x*x*x*x*x)/120.0f; }" +
				" static float fp(float x) { return 1 - (x*x)/2.0f + (x*x*x*x)/24.0f; }" +
				" int main(void) { float in = __VERIFIER_nondet_float(); assume(in > -1.4f && in < 1.4f);" +
				" float x = in - f(in)/fp(in); if (!(x < 0.1)) reach_error(); return 0; }",
			result.Unsafe, func(in result.Input) bool {
				v, err := strconv.ParseFloat(in.Value, 32)
				return err == nil && v > -1.4 && v < 1.4
			}},
		{"sum overflows at n = 65536",
			"int main(void) { unsigned n = __VERIFIER_nondet_uint(), s = 0; for (unsigned i = 0; i <= n; i++) s += i;" +
				" if (!(s == (n*(n+1))/2 || s == 0)) reach_error(); return 0; }",
			result.Unsafe, func(in result.Input) bool {
				n, err := strconv.ParseUint(in.Value, 10, 32)
				return err == nil && n >= 65535 && n*(n+1)/2 != uint64(uint32(uint32(n)*uint32(n+1))/2)
			}},
		{"arrays differ after 100,000 iterations",
			"int a[100000], b[100000]; int main(void) { for (int i = 0; i < 100000; i++) { a[i] = __VERIFIER_nondet_int(); b[i] = __VERIFIER_nondet_int(); }" +
				" for (int i = 0; i < 100000; i++) if (a[i] != b[i]) reach_error(); return 0; }",
			result.Unsafe, nil},
		// One draw in fifty of the full mix is zero: 513 nonzero values in
		// a row need a run that leaves the zero-giving kinds out (swarm).
		{"no zero in 513 values (array_3-2)",
			"int main(void) { int A[1024]; int i; for (i = 0; i < 1024; i++) A[i] = __VERIFIER_nondet_int();" +
				" for (i = 0; i < 1024 && A[i] != 0; i++) {} if (!(i <= 512)) reach_error(); return 0; }",
			result.Unsafe, nil},
		{"safe float range",
			"int main(void) { float x = __VERIFIER_nondet_float(); assume(x >= 0.0f && x < 1.0f);" +
				" float r = 1.0f + 0.5f*x; if (!(r < 1.6f)) reach_error(); return 0; }",
			result.Unknown, nil},
		{"safe integer identity",
			"int main(void) { int x = __VERIFIER_nondet_int(); assume(x > -1000 && x < 1000); if (x*x < 0) reach_error(); return 0; }",
			result.Unknown, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := cfronttest.Load(t, pre+tc.body+"\n", ir.LP64)
			// A work budget of 2 s: the same runs on every machine.
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			r := engine.Fuzz(ctx, p, engine.Options{Work: 2 * engine.WorkPerSecond})
			if r.Verdict != tc.want {
				t.Fatalf("%s (%s), want %s", r.Verdict, r.Reason, tc.want)
			}
			if tc.want != result.Unsafe {
				if !strings.Contains(r.Reason, "no failure in") {
					t.Errorf("reason %q", r.Reason)
				}
				return
			}
			v := r.Violated()
			if v == nil || v.Trace == nil || !v.Trace.Replayed || len(v.Trace.Inputs) == 0 {
				t.Fatalf("unsafe without a replayed trace with inputs: %+v", v)
			}
			if last := v.Trace.Steps[len(v.Trace.Steps)-1]; last.Location.Line != v.Location.Line {
				t.Errorf("trace ends at %s, the violation is at line %d", last.Location, v.Location.Line)
			}
			if tc.check != nil && !tc.check(v.Trace.Inputs[0]) {
				t.Errorf("failing input %s = %s does not fail the program", v.Trace.Inputs[0].Why, v.Trace.Inputs[0].Value)
			}
			// Seeded: a second run chooses the same inputs.
			again := engine.Fuzz(ctx, p, engine.Options{Work: 2 * engine.WorkPerSecond})
			if again.Reason != r.Reason || again.Violated().Trace.Inputs[0].Value != v.Trace.Inputs[0].Value {
				t.Errorf("second run: %s, input %s; first: %s, input %s", again.Reason, again.Violated().Trace.Inputs[0].Value, r.Reason, v.Trace.Inputs[0].Value)
			}
		})
	}
}

// TestAutoFuzz: the portfolio answers a float bug Z3 cannot decide at
// bound 1 in its budget by fuzzing, and says so.
func TestAutoFuzz(t *testing.T) {
	body := `void reach_error(void); void abort(void); float __VERIFIER_nondet_float(void);
static float f(float x) { return x - (x*x*x)/6.0f + (x*x*x*x*x)/120.0f + (x*x*x*x*x*x*x)/5040.0f; }
static float fp(float x) { return 1 - (x*x)/2.0f + (x*x*x*x)/24.0f + (x*x*x*x*x*x)/720.0f; }
int main(void) {
  float in = __VERIFIER_nondet_float();
  if (!(in > -1.4f && in < 1.4f)) abort();
  float keep[1] = {in}; /* memory: split gives up, fuzzing answers */
  float x = keep[0] - f(keep[0])/fp(keep[0]);
  x = x - f(x)/fp(x);
  if (!(x < 0.1)) reach_error();
  return 0;
}
`
	p := cfronttest.Load(t, body, ir.ILP32)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	r := engine.Verify(ctx, p, engine.Options{Engine: "auto", Solver: solver, Work: 10 * engine.WorkPerSecond})
	if r.Verdict != result.Unsafe || !strings.HasPrefix(r.Reason, "fuzz: ") {
		t.Fatalf("%s (%s), want unsafe by fuzz", r.Verdict, r.Reason)
	}
	in := r.Violated().Trace.Inputs[0]
	if v, err := strconv.ParseFloat(in.Value, 32); err != nil || !(v > -1.4 && v < 1.4) || math.IsNaN(v) {
		t.Errorf("input %s outside the assumed range", in.Value)
	}
}
