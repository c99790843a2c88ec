package engine_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
)

// TestSplitTight: for float polynomials over a few thousand inputs, the
// largest value is computed here by running every input (Go's float32
// arithmetic, one rounding per operation as C on x86-64 does); split must
// prove "r <= max" and refute "r < max" with an input that reaches it. The
// margins are zero: a bound one ulp too wide, or a rounding modelled
// wrong, fails the test.
func TestSplitTight(t *testing.T) {
	const pre = "void reach_error(void); void abort(void); float __VERIFIER_nondet_float(void);\n"
	rng := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 6; i++ {
		c0 := float32(rng.Float64()*4 - 2)
		c1 := float32(rng.Float64()*4 - 2)
		c2 := float32(rng.Float64()*4 - 2)
		d := float32(rng.Float64()*2 + 3) // the divisor x + d stays away from 0
		a := float32(rng.Float64()*2 - 1)
		n := 2000 + rng.IntN(2000)
		b := a
		for k := 0; k < n; k++ {
			b = math.Nextafter32(b, float32(math.Inf(1)))
		}
		// The conversions keep Go from fusing a multiply and an add.
		f := func(x float32) float32 {
			num := c0 + float32(c1*x)
			num = num + float32(float32(c2*x)*x)
			return num / (x + d)
		}
		maxV, arg := float32(math.Inf(-1)), a
		for x := a; x <= b; x = math.Nextafter32(x, float32(math.Inf(1))) {
			if v := f(x); v > maxV {
				maxV, arg = v, x
			}
		}
		prog := func(op string) string {
			return pre + fmt.Sprintf("int main(void) { float x = __VERIFIER_nondet_float(); if (!(x >= %sf && x <= %sf)) abort();\n"+
				" float num = %sf + %sf*x; num = num + %sf*x*x; float r = num / (x + %sf);\n"+
				" if (!(r %s %sf)) reach_error(); return 0; }\n",
				hexf(a), hexf(b), hexf(c0), hexf(c1), hexf(c2), hexf(d), op, hexf(maxV))
		}
		t.Run(fmt.Sprintf("poly%d", i), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			safe := engine.Split(ctx, cfronttest.Load(t, prog("<="), ir.LP64), engine.Options{})
			if safe.Verdict != result.Safe {
				t.Errorf("r <= max: %s (%s), want safe", safe.Verdict, safe.Reason)
			}
			bug := engine.Split(ctx, cfronttest.Load(t, prog("<"), ir.LP64), engine.Options{})
			if bug.Verdict != result.Unsafe {
				t.Fatalf("r < max: %s (%s), want unsafe (at x = %g)", bug.Verdict, bug.Reason, arg)
			}
			v := bug.Violated()
			if v.Trace == nil || !v.Trace.Replayed || len(v.Trace.Inputs) != 1 {
				t.Fatalf("trace: %+v", v.Trace)
			}
		})
	}
}

// hexf prints a float32 exactly, as a C hexadecimal literal.
func hexf(v float32) string { return fmt.Sprintf("%x", v) }

// TestSplitExhaustiveShort: integer programs over every short, checked
// against runs of all 65,536 inputs.
func TestSplitExhaustiveShort(t *testing.T) {
	const pre = "void reach_error(void); short __VERIFIER_nondet_short(void);\n"
	tests := []struct {
		name, expr string
		f          func(s int64) int64
	}{
		{"square minus", "s*s - 300*s", func(s int64) int64 { return s*s - 300*s }},
		{"cubic in long", "(long)s*s*s / 1000 + s", func(s int64) int64 { return s*s*s/1000 + s }},
		{"branches", "s > 100 ? s*2 : -s*3", func(s int64) int64 {
			if s > 100 {
				return s * 2
			}
			return -s * 3
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			maxV := int64(math.MinInt64)
			for s := int64(math.MinInt16); s <= math.MaxInt16; s++ {
				maxV = max(maxV, tc.f(s))
			}
			for _, c := range []struct {
				op   string
				want result.Verdict
			}{{"<=", result.Safe}, {"<", result.Unsafe}} {
				src := pre + fmt.Sprintf("int main(void) { short s = __VERIFIER_nondet_short(); long r = %s; if (!(r %s %dL)) reach_error(); return 0; }\n", tc.expr, c.op, maxV)
				r := engine.Split(context.Background(), cfronttest.Load(t, src, ir.LP64), engine.Options{})
				if r.Verdict != c.want {
					t.Errorf("r %s %d: %s (%s), want %s", c.op, maxV, r.Verdict, r.Reason, c.want)
				}
			}
		})
	}
}

// TestSplitNotApplicable: memory, pointers and unknown calls make split
// give up at once, never guess.
func TestSplitNotApplicable(t *testing.T) {
	const pre = "void reach_error(void); int __VERIFIER_nondet_int(void); int ext(int);\n"
	for name, body := range map[string]string{
		"array":       "int main(void) { int a[2]; int i = __VERIFIER_nondet_int(); a[0] = i; if (a[0] != i) reach_error(); return 0; }",
		"extern call": "int main(void) { int i = __VERIFIER_nondet_int(); if (ext(i) == 3) reach_error(); return 0; }",
		"pointer":     "int main(void) { int i = __VERIFIER_nondet_int(); int *p = &i; if (*p == 7) reach_error(); return 0; }",
	} {
		t.Run(name, func(t *testing.T) {
			r := engine.Split(context.Background(), cfronttest.Load(t, pre+body+"\n", ir.LP64), engine.Options{})
			if r.Verdict != result.Unknown || !strings.Contains(r.Reason, "not applicable") {
				t.Errorf("%s (%s), want unknown: not applicable", r.Verdict, r.Reason)
			}
		})
	}
}

// TestSplitNaN: NaN is an input like any other: a comparison it fails is
// found, and one it cannot fail is proved.
func TestSplitNaN(t *testing.T) {
	const pre = "void reach_error(void); double __VERIFIER_nondet_double(void);\n"
	bug := cfronttest.Load(t, pre+"int main(void) { double x = __VERIFIER_nondet_double(); if (!(x < 1e300 || x >= 1e300)) reach_error(); return 0; }\n", ir.LP64)
	if r := engine.Split(context.Background(), bug, engine.Options{}); r.Verdict != result.Unsafe || r.Violated().Trace.Inputs[0].Value != "NaN" {
		t.Errorf("NaN bug: %s (%s)", r.Verdict, r.Reason)
	}
	ok := cfronttest.Load(t, pre+"int main(void) { double x = __VERIFIER_nondet_double(); if (x > 2.0 && x * 0.5 < 1.0) reach_error(); return 0; }\n", ir.LP64)
	if r := engine.Split(context.Background(), ok, engine.Options{}); r.Verdict != result.Safe {
		t.Errorf("safe: %s (%s)", r.Verdict, r.Reason)
	}
}

// TestAutoSplit: the portfolio proves a float Newton step (Z3 gives up on
// its division at bound 1) by split, and says so.
func TestAutoSplit(t *testing.T) {
	p := cfronttest.Load(t, `void reach_error(void); void abort(void); float __VERIFIER_nondet_float(void);
static float f(float x) { return x - (x*x*x)/6.0f + (x*x*x*x*x)/120.0f + (x*x*x*x*x*x*x)/5040.0f; }
static float fp(float x) { return 1 - (x*x)/2.0f + (x*x*x*x)/24.0f + (x*x*x*x*x*x)/720.0f; }
int main(void) {
  float in = __VERIFIER_nondet_float();
  if (!(in > -0.2f && in < 0.2f)) abort();
  float x = in - f(in)/fp(in);
  if (!(x < 0.1)) reach_error();
  return 0;
}
`, ir.ILP32)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	r := engine.Verify(ctx, p, engine.Options{Engine: "auto", Solver: solver, Work: 10 * engine.WorkPerSecond})
	if r.Verdict != result.Safe || !strings.HasPrefix(r.Reason, "split: ") {
		t.Fatalf("%s (%s), want safe by split", r.Verdict, r.Reason)
	}
}

// TestSplitDeclarations: a variable declared without a value is an input
// of the run; one whose value no execution reads is not split (a loop
// counter set before its loop), one whose value is read is.
func TestSplitDeclarations(t *testing.T) {
	const pre = "void reach_error(void); void abort(void); int __VERIFIER_nondet_int(void);\n"
	tests := []struct {
		name, body string
		want       result.Verdict
	}{
		{"counter set before its loop", "int main(void) { int i; int k = __VERIFIER_nondet_int(); if (!(0 <= k && k <= 10)) abort();" +
			" for (i = 0; i < 100000*k; i += k) ; if (i != 100000*k) reach_error(); return 0; }", result.Safe},
		{"value read", "int main(void) { int x; if (x == 12345) reach_error(); return 0; }", result.Unsafe},
		{"value read on one path", "int main(void) { int x; int k = __VERIFIER_nondet_int(); if (k > 0) x = 1; if (x == 777) reach_error(); return 0; }", result.Unsafe},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			r := engine.Split(ctx, cfronttest.Load(t, pre+tc.body+"\n", ir.LP64), engine.Options{})
			if r.Verdict != tc.want {
				t.Errorf("%s (%s), want %s", r.Verdict, r.Reason, tc.want)
			}
		})
	}
}
