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

// TestContractorsAfnp2014: with contractors, afnp2014 (1000 iterations
// unwound without them) is proved safe by every engine.
func TestContractorsAfnp2014(t *testing.T) {
	p := cfronttest.LoadFile(t, "../../testdata/svcomp/loop-lit/afnp2014.i", ir.ILP32)
	for _, eng := range []string{"incremental", "bmc", "kinduction"} {
		t.Run(eng, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			var explain strings.Builder
			r := engine.Verify(ctx, p, engine.Options{Engine: eng, Unwind: 64, Solver: solver, Explain: &explain})
			if r.Verdict != result.Safe {
				t.Fatalf("verdict %s (%s)", r.Verdict, r.Reason)
			}
			if !strings.Contains(explain.String(), "assume((x <= 1000))") {
				t.Errorf("explanation without the assume:\n%s", explain.String())
			}
			if !strings.Contains(r.Reason, "with contractors") {
				t.Errorf("reason %q", r.Reason)
			}
		})
	}
}

// BenchmarkAfnp2014 measures afnp2014 with contractors on and off; the
// README reports the ratio (off unwinds all 1000 iterations).
func BenchmarkAfnp2014(b *testing.B) {
	prog := cfronttest.LoadFileProgram(b, "../../testdata/svcomp/loop-lit/afnp2014.i", ir.ILP32)
	for _, mode := range []string{"on", "off"} {
		b.Run("contractors="+mode, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				r := engine.Verify(context.Background(), prog.IR, engine.Options{Solver: solver, Contractors: mode})
				if r.Verdict != result.Safe {
					b.Fatalf("verdict %s (%s)", r.Verdict, r.Reason)
				}
			}
		})
	}
}

// prelude declares what the SV-COMP style programs of the tests below
// call.
const prelude = `extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
`

// TestContractorsVerdicts: with contractors on, refused prunings keep the
// bugs they would have hidden, and a pruned program still shows a bug
// that lies before the pruned region (its trace replays on the original).
func TestContractorsVerdicts(t *testing.T) {
	cases := []struct {
		name, src string
		want      result.Verdict
		pruned    bool
	}{
		{"wrap-around", `int main(void) {
  unsigned char x = 1;
  while (__VERIFIER_nondet_int()) { x = x + 1; }
  __VERIFIER_assert(x >= 1);
  return 0;
}`, result.Unsafe, false},
		{"start-of-loop", `int main(void) {
  int x = 0;
  while (x < 100 && __VERIFIER_nondet_int()) { x = x + 1; }
  __VERIFIER_assert(x <= 50);
  return 0;
}`, result.Unsafe, false},
		{"pruned-unsafe", `int main(void) {
  int x = 1, y = 0;
  while (y < 1000 && __VERIFIER_nondet_int()) { x = x + y; y = y + 1; }
  __VERIFIER_assert(x >= y + 3);
  return 0;
}`, result.Unsafe, true},
		{"pruned-two-props", `int main(void) {
  int x = 1, y = 0;
  while (y < 1000 && __VERIFIER_nondet_int()) { x = x + y; y = y + 1; }
  __VERIFIER_assert(x >= y);
  __VERIFIER_assert(y <= 10);
  return 0;
}`, result.Unsafe, false},
		{"pruned-two-props-safe", `int main(void) {
  int x = 1, y = 0;
  while (y < 1000 && __VERIFIER_nondet_int()) { x = x + y; y = y + 1; }
  __VERIFIER_assert(x >= y);
  __VERIFIER_assert(x >= 0);
  return 0;
}`, result.Safe, true},
		{"pruned-safe-two-loops", `int main(void) {
  int x = 1, y = 0;
  while (y < 1000 && __VERIFIER_nondet_int()) { x = x + y; y = y + 1; }
  int i = 0;
  while (i < 3) i++;
  __VERIFIER_assert(x >= y);
  return 0;
}`, result.Safe, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			prog := cfronttest.LoadProgram(t, prelude+c.src, ir.ILP32)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			var explain strings.Builder
			r := engine.Verify(ctx, prog.IR, engine.Options{MaxK: 512, Solver: solver, Explain: &explain})
			if r.Verdict != c.want {
				t.Fatalf("verdict %s (%s), want %s\n%s", r.Verdict, r.Reason, c.want, explain.String())
			}
			if got := strings.Contains(r.Reason, "with contractors"); got != c.pruned {
				t.Errorf("pruned %v, want %v (%s)\n%s", got, c.pruned, r.Reason, explain.String())
			}
			if c.want == result.Unsafe {
				v := r.Violated()
				if v == nil || v.Trace == nil || !v.Trace.Replayed {
					t.Fatalf("unsafe without a replayed trace")
				}
			}
		})
	}
}

// TestContractorsDifferential: on small programs that BMC decides fully
// either way (loops of at most a few dozen iterations, of several shapes:
// break, continue, do-while, assertions in the loop, decreasing counters,
// char arithmetic), the verdict with contractors equals the one without.
func TestContractorsDifferential(t *testing.T) {
	progs := []string{
		// break out of the middle
		`int main(void) { int x = 0, y = 0;
  while (y < 30) { if (__VERIFIER_nondet_int()) break; x = x + 2; y = y + 1; }
  __VERIFIER_assert(x >= BOUND); return 0; }`,
		// continue to the latch
		`int main(void) { int x = 0, i = 0;
  while (i < 30 && __VERIFIER_nondet_int()) { i = i + 1; if (__VERIFIER_nondet_int()) continue; x = x + 1; }
  __VERIFIER_assert(x <= BOUND); return 0; }`,
		// do-while
		`int main(void) { int x = 5, i = 0;
  do { x = x + i; i = i + 1; } while (i < 20 && __VERIFIER_nondet_int());
  __VERIFIER_assert(x >= BOUND); return 0; }`,
		// assertion inside the loop
		`int main(void) { int s = 0, i = 0;
  while (i < 25 && __VERIFIER_nondet_int()) { __VERIFIER_assert(s <= BOUND || i > 3); s = s + i; i = i + 1; }
  return 0; }`,
		// decreasing
		`int main(void) { int x = 40; int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 5) return 0;
  while (x > 0 && __VERIFIER_nondet_int()) { x = x - 2; }
  __VERIFIER_assert(x <= k + BOUND); return 0; }`,
		// char arithmetic, wraps past 127
		`int main(void) { signed char c = 100; int i = 0;
  while (i < 40 && __VERIFIER_nondet_int()) { c = c + 1; i = i + 1; }
  __VERIFIER_assert(c >= BOUND); return 0; }`,
		// two loops, the assertion after both
		`int main(void) { int x = 1, y = 0;
  while (y < 20 && __VERIFIER_nondet_int()) { x = x + y; y = y + 1; }
  int z = 0; while (z < 10 && __VERIFIER_nondet_int()) { z = z + 1; }
  __VERIFIER_assert(x + z >= y + BOUND); return 0; }`,
		// reach_error() under a condition, not through __VERIFIER_assert
		`int main(void) { int x = 1, y = 0;
  while (y < 30 && __VERIFIER_nondet_int()) { x = x + y; y = y + 1; }
  if (x < y + BOUND) reach_error(); return 0; }`,
		// || and != in the assertion
		`int main(void) { int x = 0, y = 0;
  while (y < 15 && __VERIFIER_nondet_int()) { x = x + 3; y = y + 1; }
  __VERIFIER_assert(x != BOUND || y == 0); return 0; }`,
	}
	differential(t, prelude, progs, []string{"-3", "0", "1", "7", "20", "45", "100", "127"}, 64)
}

// differential checks that every program, with BOUND replaced by each of
// bounds, gets the same verdict from bmc at unwind with and without
// contractors; it returns how many were pruned.
func differential(t *testing.T, prelude string, progs, bounds []string, unwind int) int {
	t.Helper()
	pruned := 0
	for pi, src := range progs {
		for _, bound := range bounds {
			code := prelude + strings.ReplaceAll(src, "BOUND", "("+bound+")")
			prog := cfronttest.LoadProgram(t, code, ir.ILP32)
			verdict := func(mode string) *result.Result {
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				return engine.Verify(ctx, prog.IR, engine.Options{Engine: "bmc", Unwind: unwind, Solver: solver, Contractors: mode})
			}
			on, off := verdict("on"), verdict("off")
			if on.Verdict != off.Verdict {
				var ex strings.Builder
				engine.Verify(context.Background(), prog.IR, engine.Options{Engine: "bmc", Unwind: unwind, Solver: solver, Explain: &ex})
				t.Errorf("program %d, BOUND %s: with contractors %s (%s), without %s (%s)\n%s", pi, bound, on.Verdict, on.Reason, off.Verdict, off.Reason, ex.String())
			}
			if strings.Contains(on.Reason, "with contractors") {
				pruned++
				t.Logf("program %d, BOUND %s: pruned, %s", pi, bound, on.Verdict)
			}
		}
	}
	return pruned
}

// floatPrelude adds what the float programs call.
const floatPrelude = prelude + "extern float __VERIFIER_nondet_float(void);\nextern void __VERIFIER_assume(int);\n"

// TestContractorsFloat: float variables are dimensions of the CSPs. The
// float afnp2014 (x and y floats) is pruned at x >= 1001 and proved safe
// with loops unwound 64 times (without contractors bmc stays bounded);
// pruning refuses an update that may add NaN (x >= 0 then fails) and
// keeps a bug that lies before the pruned region.
func TestContractorsFloat(t *testing.T) {
	afnp := func(assert string) string {
		return `int main(void) {
  float x = 1.0f, y = 0.0f;
  while (y < 1000.0f && __VERIFIER_nondet_int()) { x = x + y; y = y + 1.0f; }
  __VERIFIER_assert(` + assert + `);
  return 0;
}`
	}
	cases := []struct {
		name, src, explain string
		want               result.Verdict
		pruned             bool
	}{
		{"afnp2014", afnp("x >= y"), "assume((((x < 1001.0f) || (x != x)) || (y != y)))", result.Safe, true},
		{"pruned-unsafe", afnp("x >= y + 3.0f"), "", result.Unsafe, true},
		{"step-may-be-nan", `int main(void) {
  float x = 0.0f;
  float d = __VERIFIER_nondet_float();
  __VERIFIER_assume(!(d < 0.0f));
  while (__VERIFIER_nondet_int()) { x = x + d; }
  __VERIFIER_assert(x >= 0.0f);
  return 0;
}`, "is not an update x = x ± d with d of one sign", result.Unsafe, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			prog := cfronttest.LoadProgram(t, floatPrelude+c.src, ir.ILP32)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			var explain strings.Builder
			r := engine.Verify(ctx, prog.IR, engine.Options{Engine: "bmc", Unwind: 64, Solver: solver, Explain: &explain})
			if r.Verdict != c.want {
				t.Fatalf("verdict %s (%s), want %s\n%s", r.Verdict, r.Reason, c.want, explain.String())
			}
			if got := strings.Contains(r.Reason, "with contractors"); got != c.pruned {
				t.Errorf("pruned %v, want %v (%s)\n%s", got, c.pruned, r.Reason, explain.String())
			}
			if !strings.Contains(explain.String(), c.explain) {
				t.Errorf("explanation lacks %q:\n%s", c.explain, explain.String())
			}
			if c.want == result.Unsafe {
				v := r.Violated()
				if v == nil || v.Trace == nil || !v.Trace.Replayed {
					t.Fatalf("unsafe without a replayed trace")
				}
			}
		})
	}
	// Without contractors bmc cannot finish afnp2014 in 64 unwindings.
	prog := cfronttest.LoadProgram(t, floatPrelude+afnp("x >= y"), ir.ILP32)
	r := engine.Verify(context.Background(), prog.IR, engine.Options{Engine: "bmc", Unwind: 64, Solver: solver, Contractors: "off"})
	if r.Verdict == result.Safe {
		t.Errorf("without contractors: %s (%s), want bounded", r.Verdict, r.Reason)
	}
}

// TestContractorsFloatDifferential is TestContractorsDifferential over
// float programs: increasing, decreasing and double-rounded updates, a
// float input, pruned or not, the verdict with contractors equals the
// one without.
func TestContractorsFloatDifferential(t *testing.T) {
	progs := []string{
		`int main(void) { float x = 1.0f, y = 0.0f;
  while (y < 12.0f && __VERIFIER_nondet_int()) { x = x + y; y = y + 1.0f; }
  __VERIFIER_assert(x >= y + BOUND); return 0; }`,
		`int main(void) { float x = 10.0f; int i = 0;
  while (i < 12 && __VERIFIER_nondet_int()) { x = x - 0.75f; i = i + 1; }
  __VERIFIER_assert(x >= BOUND); return 0; }`,
		`int main(void) { float x = 0.0f; int i = 0;
  while (i < 12 && __VERIFIER_nondet_int()) { x = (float)((double)x + 0.1); i = i + 1; }
  __VERIFIER_assert(x >= BOUND || i < 6); return 0; }`,
		`int main(void) { float d = __VERIFIER_nondet_float();
  __VERIFIER_assume(d >= 0.5f && d <= 1.0f);
  float s = 0.0f; int i = 0;
  while (i < 10 && __VERIFIER_nondet_int()) { s = s + d; i = i + 1; }
  __VERIFIER_assert(s >= BOUND || s < 3.0f); return 0; }`,
	}
	pruned := differential(t, floatPrelude, progs, []string{"-1.0f", "0.0f", "2.5f", "4.0f", "40.0f"}, 16)
	if pruned == 0 {
		t.Error("no program was pruned: the differential compares nothing")
	}
}
