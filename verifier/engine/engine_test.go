package engine_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/engine"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/result"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/z3"
)

// expectation is read from a test program's leading comments:
//
//	// expect: safe|unsafe|bounded|unknown
//	// expect-line: N        (the violated property's line)
//	// expect-value: x = 5   (a step of the trace writes this value)
//	// expect-kind: pointer  (the violated property's kind)
//	// expect-engines: kinduction bkind   (default: incremental)
type expectation struct {
	verdict result.Verdict
	line    int
	values  []string
	engines []string
	kind    string
}

func readExpect(t *testing.T, path string) expectation {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var e expectation
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "// expect") {
			break
		}
		key, val, _ := strings.Cut(strings.TrimPrefix(line, "// "), ":")
		val = strings.TrimSpace(val)
		switch key {
		case "expect":
			e.verdict = result.Verdict(val)
		case "expect-line":
			e.line, _ = strconv.Atoi(val)
		case "expect-value":
			e.values = append(e.values, val)
		case "expect-kind":
			e.kind = val
		case "expect-engines":
			e.engines = strings.Fields(val)
		}
	}
	if e.verdict == "" {
		t.Fatalf("%s: no // expect: line", path)
	}
	if len(e.engines) == 0 {
		e.engines = []string{"incremental"}
	}
	return e
}

func solver(logic string) (smt.Solver, error) { return z3.New(z3.Options{Logic: logic}) }

// sessions are what prbmc runs with: each part of a run keeps its Z3
// contexts for its next solvers (z3.Contexts).
func sessions() (engine.SolverFactory, func()) {
	cs := &z3.Contexts{}
	return func(logic string) (smt.Solver, error) { return cs.New(z3.Options{Logic: logic}) }, cs.Close
}

// TestVerdicts runs every program of testdata/verify through incremental
// BMC and checks the verdict, the violated line and trace values.
func TestVerdicts(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/verify/*.c")
	if len(files) < 20 {
		t.Fatalf("only %d test programs", len(files))
	}
	for _, f := range files {
		f := f
		want := readExpect(t, f)
		for _, eng := range want.engines {
			eng := eng
			name := strings.TrimSuffix(filepath.Base(f), ".c")
			if len(want.engines) > 1 || eng != "incremental" {
				name += "/" + eng
			}
			t.Run(name, func(t *testing.T) { checkVerdict(t, f, eng, want) })
		}
	}
}

func checkVerdict(t *testing.T, f, eng string, want expectation) {
	t.Parallel()
	p := cfronttest.LoadFile(t, f, ir.LP64)
	maxK := 64
	if want.verdict == result.Bounded {
		maxK = 6
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	r := engine.Verify(ctx, p, engine.Options{Engine: eng, MaxK: maxK, Solver: solver, Sessions: sessions})
	if r.Verdict != want.verdict {
		t.Fatalf("verdict %s (%s), want %s", r.Verdict, r.Reason, want.verdict)
	}
	if want.verdict != result.Unsafe {
		if r.Violated() != nil {
			t.Errorf("a %s result lists a violated property", r.Verdict)
		}
		return
	}
	v := r.Violated()
	if v == nil || v.Trace == nil || !v.Trace.Replayed {
		t.Fatalf("unsafe without a replayed trace: %+v", v)
	}
	if want.kind != "" && v.Kind != want.kind {
		t.Errorf("violated a %s property (%s), want %s", v.Kind, v.Text, want.kind)
	}
	if want.line != 0 && v.Location.Line != want.line {
		t.Errorf("violation at line %d, want %d", v.Location.Line, want.line)
	}
	last := v.Trace.Steps[len(v.Trace.Steps)-1]
	if last.Location.Line != v.Location.Line {
		t.Errorf("trace ends at line %d, the violation is at %d", last.Location.Line, v.Location.Line)
	}
	for _, val := range want.values {
		lhs, value, _ := strings.Cut(val, " = ")
		found := false
		for _, st := range v.Trace.Steps {
			if st.Lhs == lhs && st.Value == value {
				found = true
			}
		}
		if !found {
			t.Errorf("no step writes %s = %s; trace: %+v", lhs, value, v.Trace.Steps)
		}
	}
}

// TestBMCBound: plain BMC with a bound too small to reach a deep bug says
// bounded, and with a large enough one finds it.
func TestBMCBound(t *testing.T) {
	p := cfronttest.LoadFile(t, "../../testdata/verify/unbounded_loop.c", ir.LP64)
	r := engine.BMC(context.Background(), p, 3, engine.Options{Solver: solver})
	if r.Verdict != result.Bounded || r.K != 3 {
		t.Fatalf("got %s k=%d (%s), want bounded(3)", r.Verdict, r.K, r.Reason)
	}
	p = cfronttest.LoadFile(t, "../../testdata/verify/recursion.c", ir.LP64)
	r = engine.BMC(context.Background(), p, 3, engine.Options{Solver: solver})
	if r.Verdict != result.Bounded {
		t.Fatalf("recursion at depth 3: got %s (%s), want bounded", r.Verdict, r.Reason)
	}
	r = engine.BMC(context.Background(), p, 6, engine.Options{Solver: solver})
	if r.Verdict != result.Unsafe {
		t.Fatalf("recursion at depth 6: got %s (%s), want unsafe", r.Verdict, r.Reason)
	}
}

// TestTimeout: a budget that runs out gives the best partial answer fast.
func TestTimeout(t *testing.T) {
	p := cfronttest.LoadFile(t, "../../testdata/verify/unbounded_loop.c", ir.LP64)
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	start := time.Now()
	r := engine.Verify(ctx, p, engine.Options{Solver: solver})
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("took %s past a 1.5 s budget", el)
	}
	if r.Verdict != result.Bounded && r.Verdict != result.Unknown {
		t.Fatalf("got %s, want bounded or unknown", r.Verdict)
	}
}

// TestILP32: the same source differs between data models.
func TestILP32(t *testing.T) {
	const src = "void reach_error(void);\nint main(void) { if (sizeof(long) == 8) reach_error(); return 0; }\n"
	for model, want := range map[ir.DataModel]result.Verdict{ir.LP64: result.Unsafe, ir.ILP32: result.Safe} {
		r := engine.Verify(context.Background(), cfronttest.Load(t, src, model), engine.Options{Solver: solver})
		if r.Verdict != want {
			t.Errorf("%s: got %s (%s), want %s", model, r.Verdict, r.Reason, want)
		}
	}
}

// TestSVCompBundled runs the SV-COMP tasks bundled in testdata/svcomp
// (ILP32, as SV-COMP) with a short budget: an answer may be unknown, but
// never the opposite of the task's expected verdict.
func TestSVCompBundled(t *testing.T) {
	ymls, _ := filepath.Glob("../../testdata/svcomp/*/*.yml")
	if len(ymls) == 0 {
		t.Fatal("no bundled tasks")
	}
	for _, yml := range ymls {
		yml := yml
		t.Run(strings.TrimSuffix(filepath.Base(yml), ".yml"), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(yml)
			if err != nil {
				t.Fatal(err)
			}
			src, expected := taskOf(t, string(data))
			p := cfronttest.LoadFile(t, filepath.Join(filepath.Dir(yml), src), ir.ILP32)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			r := engine.Verify(ctx, p, engine.Options{Solver: solver})
			switch {
			case expected && r.Verdict == result.Unsafe, !expected && r.Verdict == result.Safe:
				t.Fatalf("WRONG verdict %s (%s); the task is %v", r.Verdict, r.Reason, expected)
			}
			t.Logf("%s: %s (%s)", src, r.Verdict, r.Reason)
		})
	}
}

// taskOf reads a task definition's input file and its unreach-call verdict.
func taskOf(t *testing.T, yml string) (string, bool) {
	var file string
	verdict, inReach := "", false
	for _, line := range strings.Split(yml, "\n") {
		l := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(l, "input_files:"):
			file = strings.Trim(strings.TrimSpace(strings.TrimPrefix(l, "input_files:")), "'\"")
		case strings.HasPrefix(l, "- property_file:"):
			inReach = strings.Contains(l, "unreach-call")
		case inReach && strings.HasPrefix(l, "expected_verdict:"):
			verdict = strings.TrimSpace(strings.TrimPrefix(l, "expected_verdict:"))
			inReach = false
		}
	}
	if file == "" || verdict == "" {
		t.Fatalf("cannot read the task definition:\n%s", yml)
	}
	return file, verdict == "true"
}

// TestKInduction: proofs BMC cannot give, the bugs still found, and the
// programs where a careless inductive step would be unsound.
func TestKInduction(t *testing.T) {
	const pre = "extern int __VERIFIER_nondet_int(void);\nextern unsigned __VERIFIER_nondet_uint(void);\nextern void __VERIFIER_assume(int);\nvoid reach_error(void);\n#define assert(c) do { if (!(c)) reach_error(); } while (0)\n"
	tests := []struct {
		name, body string
		want       []result.Verdict // any of these
	}{
		{"in-loop invariant", "int main(void) { unsigned x = 0; while (__VERIFIER_nondet_int()) { x = (x + 1) % 8; assert(x < 8); } return 0; }", []result.Verdict{result.Safe}},
		{"alternation", "int main(void) { int a = 0; while (__VERIFIER_nondet_int()) { a = 1 - a; assert(a == 0 || a == 1); } return 0; }", []result.Verdict{result.Safe}},
		{"interval invariant after the loop", "int main(void) { unsigned i = 0; while (__VERIFIER_nondet_int()) { if (i < 10) i++; } assert(i <= 10); return 0; }", []result.Verdict{result.Safe}},
		{"bug found by the base case", "int main(void) { int i = 0; while (1) { if (__VERIFIER_nondet_int()) break; i++; } assert(i < 3); return 0; }", []result.Verdict{result.Unsafe}},
		{"bug after two loops", "int main(void) { int x = 0; while (__VERIFIER_nondet_int()) x++; int y = 0; while (y < x) y++; assert(y != 5); return 0; }", []result.Verdict{result.Unsafe}},
		// The failure needs the first loop to run a million times, then
		// happens in the second loop's second iteration: neither the base
		// case nor a step that assumed the second loop's early assertions
		// may call it safe.
		{"deep first loop, early failure in the second", "int main(void) { unsigned n = __VERIFIER_nondet_uint(); unsigned i = 0; while (i < n) i++; unsigned j = 0; while (j < 3) { assert(i < 1000000u || j != 1); j++; } return 0; }", []result.Verdict{result.Bounded, result.Unknown}},
		// A loop nested in another is re-entered: it is no candidate, and the
		// outer one needs the inner's bound.
		{"nested re-entered loop", "int main(void) { unsigned n = __VERIFIER_nondet_uint(), c = 0; while (__VERIFIER_nondet_int()) { unsigned k = 0; while (k < n) { k++; c++; } } assert(c != 7); return 0; }", []result.Verdict{result.Unsafe}},
		{"goto into the middle", "int main(void) { int x = 0; if (__VERIFIER_nondet_int()) goto mid; while (x < 10) { x++; mid: x += 2; } assert(x != 11); return 0; }", []result.Verdict{result.Unsafe}},
	}
	for _, tc := range tests {
		for _, eng := range []string{"kinduction", "bkind"} {
			tc, eng := tc, eng
			t.Run(eng+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				p := cfronttest.Load(t, pre+tc.body+"\n", ir.LP64)
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				r := engine.Verify(ctx, p, engine.Options{Engine: eng, MaxK: 8, Solver: solver})
				for _, w := range tc.want {
					if r.Verdict == w {
						if w == result.Unsafe && (r.Violated() == nil || !r.Violated().Trace.Replayed) {
							t.Fatal("unsafe without a replayed trace")
						}
						return
					}
				}
				t.Fatalf("verdict %s (%s), want one of %v", r.Verdict, r.Reason, tc.want)
			})
		}
	}
}

// TestKInductionNeedsInvariants: the interval invariant is what closes
// this step; without it the step has a counterexample (i = 11 at the head).
func TestKInductionNeedsInvariants(t *testing.T) {
	p := cfronttest.Load(t, "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\nint main(void) { unsigned i = 0; while (__VERIFIER_nondet_int()) { if (i < 10) i++; } if (i > 10) reach_error(); return 0; }\n", ir.LP64)
	for inv, want := range map[string]result.Verdict{"intervals": result.Safe, "none": result.Bounded} {
		// Contractors would prove it without k-induction (i <= 10 holds
		// at the end of every iteration): off, to measure the invariants.
		r := engine.Verify(context.Background(), p, engine.Options{Engine: "kinduction", MaxK: 6, Invariants: inv, Solver: solver, Contractors: "off"})
		if r.Verdict != want {
			t.Errorf("invariants %s: %s (%s), want %s", inv, r.Verdict, r.Reason, want)
		}
	}
}

// TestBKindIterations: on seed 000's Fig. 1(b) pattern with the bug D
// iterations deep, plain k-induction needs n = D-1 iterations (its base
// case BMC(n) runs the body n+1 times) and bkind ⌊n/2⌋+1: the forward
// search meets the backward counterexample of the previous iteration.
func TestBKindIterations(t *testing.T) {
	for d := 3; d <= 8; d++ {
		p := cfronttest.Load(t, strings.ReplaceAll(`extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  unsigned s = 1, input;
  while (1) {
    input = __VERIFIER_nondet_uint();
    if (input == s && s < D) s = s + 1;
    if (input == D && s >= D) reach_error();
  }
}
`, "D", strconv.Itoa(d)), ir.LP64)
		n := d - 1
		for eng, want := range map[string]int{"kinduction": n, "bkind": n/2 + 1} {
			r := engine.Verify(context.Background(), p, engine.Options{Engine: eng, MaxK: 8, Solver: solver})
			if r.Verdict != result.Unsafe || r.K != want {
				t.Errorf("D=%d %s: %s at iteration %d (%s), want unsafe at %d", d, eng, r.Verdict, r.K, r.Reason, want)
				continue
			}
			if v := r.Violated(); v == nil || v.Trace == nil || !v.Trace.Replayed || v.Location.Line != 8 {
				t.Errorf("D=%d %s: no replayed trace to line 8: %+v", d, eng, v)
			}
		}
	}
}

// TestAutoPartial: a safe loop no engine here can prove (the invariant
// 2y == x(x+1) is not linear, and no bit pattern or bound expresses it;
// the algebraic prover would, but y grows in an inner loop, and it takes
// loops one after another only);
// at the deadline auto reports the largest bound it checked.
func TestAutoPartial(t *testing.T) {
	p := cfronttest.Load(t, "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\nint main(void) { unsigned x = 0, y = 0; while (__VERIFIER_nondet_int()) { x++; for (unsigned i = 0; i < x; i++) y++; } if (2*y != x*(x+1)) reach_error(); return 0; }\n", ir.LP64)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	r := engine.Verify(ctx, p, engine.Options{Engine: "auto", Solver: solver})
	if r.Verdict != result.Bounded || r.K < 1 || r.Engine != "auto" {
		t.Fatalf("got %s k=%d engine %s (%s), want bounded with a bound from auto", r.Verdict, r.K, r.Engine, r.Reason)
	}
	if r.Elapsed > 6*time.Second {
		t.Errorf("took %s on a 3 s budget", r.Elapsed)
	}
}

// TestStrengthening: k-induction blocks its counterexamples to induction
// with invariants over bits and bounds (property-directed strengthening);
// without it the same steps fail and only a bound is reported.
func TestStrengthening(t *testing.T) {
	const pre = "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\n"
	tests := []struct {
		name, body string
		want       []string // invariants the log must show as blocking
		// offSafe: the generator's sampled round finds the invariant
		// too (a parity every sampled state has), so that without
		// strengthening the step holds at k = 2.
		offSafe bool
	}{
		// sv-benchmarks loop-acceleration/overflow_1-1: x stays even
		// through the wrap-around.
		{"even through wrap-around", "int main(void) { unsigned x = 10; while (x >= 10) x += 2; if (x % 2) reach_error(); return 0; }",
			[]string{"(x & 0x1) == 0x0"}, true},
		// loop-invariants/bin-suffix-5: the low bits 101 stay.
		{"low bits kept", "int main(void) { unsigned x = 5; while (__VERIFIER_nondet_int()) x += 8; if ((x & 5) != 5) reach_error(); return 0; }",
			[]string{"(x & 0x1) == 0x1", "(x & 0x4) == 0x4"}, false},
		// A signed counter with a nondeterministic step of 4.
		{"multiple of four", "int main(void) { int x = 0; while (__VERIFIER_nondet_int()) { if (__VERIFIER_nondet_int()) x += 4; else x -= 8; } if (x % 4 == 2) reach_error(); return 0; }",
			[]string{"(x & 0x2) == 0x0"}, false},
	}
	for _, tc := range tests {
		tc := tc
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := cfronttest.Load(t, pre+tc.body+"\n", ir.LP64)
			for _, on := range []string{"on", "off"} {
				var log strings.Builder
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				r := engine.Verify(ctx, p, engine.Options{Engine: "kinduction", MaxK: 6, Solver: solver, Log: &log, Strengthen: on, Contractors: "off"})
				cancel()
				if on == "off" {
					if tc.offSafe && r.Verdict == result.Safe && strings.Contains(r.Reason, "k=2") {
						continue
					}
					if r.Verdict != result.Bounded {
						t.Errorf("strengthening off: %s (%s), want bounded", r.Verdict, r.Reason)
					}
					continue
				}
				if r.Verdict != result.Safe {
					t.Fatalf("strengthening on: %s (%s), want safe; log:\n%s", r.Verdict, r.Reason, log.String())
				}
				for _, w := range tc.want {
					if !strings.Contains(log.String(), "blocked a counterexample to induction with "+w) {
						t.Errorf("no %q blocked; log:\n%s", w, log.String())
					}
				}
			}
		})
	}
}

// TestProofInvariants: a k-induction proof lists the invariants it
// assumed, at the loop's line, as C that means what the proof meant: the
// test compiles each into the program at the loop head, as an abort when
// it fails, and runs the program with gcc on a range of inputs.
func TestProofInvariants(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	// The loop head is line 4; LOOP marks where the checks go.
	const src = `extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) { int x = 0, y = 0; unsigned z = 5;
  while (__VERIFIER_nondet_int()) { /*LOOP*/
    x++; y++; z += 8;
  }
  if (x != y || (z & 5) != 5) reach_error();
  return 0;
}
`
	p := cfronttest.Load(t, src, ir.LP64)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r := engine.Verify(ctx, p, engine.Options{Engine: "kinduction", MaxK: 6, Solver: solver, Contractors: "off"})
	if r.Verdict != result.Safe {
		t.Fatalf("%s (%s), want safe", r.Verdict, r.Reason)
	}
	var checks []string
	texts := map[string]bool{}
	for _, inv := range r.Invariants {
		if inv.Location.Line != 4 || inv.Func != "main" {
			t.Errorf("invariant %q at %s in %s, want line 4 of main", inv.Expr, inv.Location, inv.Func)
		}
		texts[inv.Text] = true
		checks = append(checks, fmt.Sprintf("if (!(%s)) __builtin_abort();", inv.Expr))
	}
	// z's low bits come from strengthening, or from the linear equality
	// the algebraic prover proved modulo 2^32 (known to the generator
	// from round 1 on), which implies them.
	for _, w := range []string{"x - y == 0", "(z & 0x1) == 0x1", "(z & 0x4) == 0x4"} {
		if !texts[w] && !(strings.HasPrefix(w, "(z") && texts["8*x - z + 5 == 0 (mod 2^32)"]) {
			t.Errorf("no invariant %q among %v", w, r.Invariants)
		}
	}
	// Each run takes its loop decisions from the program's arguments.
	prog := strings.Replace(src, "/*LOOP*/", strings.Join(checks, " "), 1)
	prog = strings.Replace(prog, "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);",
		"#include <stdlib.h>\nstatic int n; int __VERIFIER_nondet_int(void) { return n-- > 0; }\nvoid reach_error(void) { abort(); }", 1)
	prog = strings.Replace(prog, "int main(void) {", "int main(int argc, char **argv) { n = atoi(argv[1]);", 1)
	dir := t.TempDir()
	cfile, bin := filepath.Join(dir, "checked.c"), filepath.Join(dir, "checked")
	os.WriteFile(cfile, []byte(prog), 0o644)
	if out, err := exec.Command("gcc", "-o", bin, cfile).CombinedOutput(); err != nil {
		t.Fatalf("the invariants do not compile: %v\n%s\n%s", err, out, prog)
	}
	for _, n := range []string{"0", "1", "2", "17", "1000"} {
		if out, err := exec.Command(bin, n).CombinedOutput(); err != nil {
			t.Errorf("%s iterations: an invariant fails: %v %s", n, err, out)
		}
	}
}

// TestConcrete: a program that reads no input is decided by its one run,
// however long; a program that reads one, or whose behaviour could depend
// on addresses, is left to the other engines.
func TestConcrete(t *testing.T) {
	const pre = "void reach_error(void);\n"
	tests := []struct {
		name, body string
		ok         bool
		want       result.Verdict
	}{
		{"long loop, bug at the end", "int main(void) { unsigned x = 0x00ffffff; while (x > 1) x -= 2; if (x != 0) reach_error(); return 0; }", true, result.Unsafe},
		{"long loop, safe", "int main(void) { unsigned x = 0x00fffff0; while (x > 1) x -= 2; if (x != 0) reach_error(); return 0; }", true, result.Safe},
		{"an input", "int __VERIFIER_nondet_int(void); int main(void) { int x = __VERIFIER_nondet_int(); if (x == 7) reach_error(); return 0; }", false, ""},
		{"uninitialised", "int main(void) { int x; if (x == 7) reach_error(); return 0; }", false, ""},
		{"addresses", "int main(void) { int a, b; int *p = &a, *q = &b; if (p < q) reach_error(); return 0; }", false, ""},
		{"function pointers, safe", "static int inc(int x) { return x + 1; } static int dec(int x) { return x - 1; } int main(void) { int (*f[2])(int) = {inc, dec}; int x = 0; for (unsigned i = 0; i < 0x00100000; i++) x = f[i % 3 == 0](x); if (x != 349524) reach_error(); return 0; }", true, result.Safe},
		{"function pointers, NULL call at the end", "static int inc(int x) { return x + 1; } int main(void) { int (*f)(int) = inc; int x = 0; for (unsigned i = 0; i < 0x00100000; i++) x = f(x); if (x == 0x00100000) f = 0; return f(x); }", true, result.Unsafe},
		// Too large to run: unknown, with the interpreter's reason.
		{"1 TiB global", "static char big[1L<<40]; int main(void) { big[5] = 1; if (big[5] != 1) reach_error(); return 0; }", true, result.Unknown},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := cfronttest.Load(t, pre+tc.body+"\n", ir.LP64)
			r, ok := engine.Concrete(context.Background(), p, engine.Options{Solver: solver})
			if ok != tc.ok {
				t.Fatalf("applicable = %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			if r.Verdict != tc.want {
				t.Fatalf("%s (%s), want %s", r.Verdict, r.Reason, tc.want)
			}
			if tc.want == result.Unknown && !strings.Contains(r.Reason, "object big of 1099511627776 bytes exceeds the interpreter's limit") {
				t.Errorf("reason %q", r.Reason)
			}
			if tc.want != result.Unsafe {
				return
			}
			v := r.Violated()
			tr := v.Trace
			if !tr.Replayed || tr.Omitted < 1_000_000 || len(tr.Steps) == 0 || len(tr.Steps) > 2000 {
				t.Fatalf("trace: replayed %v, %d steps omitted, %d shown", tr.Replayed, tr.Omitted, len(tr.Steps))
			}
			if last := tr.Steps[len(tr.Steps)-1]; last.Location.Line != 2 {
				t.Errorf("the trace ends at %s, want line 2", last.Location)
			}
			// The auto portfolio gets the same answer from it.
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			if a := engine.Verify(ctx, p, engine.Options{Engine: "auto", Solver: solver}); a.Verdict != result.Unsafe {
				t.Errorf("auto: %s (%s)", a.Verdict, a.Reason)
			}
		})
	}
}

// TestHugeObjectReasons: a counterexample that cannot be replayed because
// the interpreter refuses the program's memory is unknown with that reason.
func TestHugeObjectReasons(t *testing.T) {
	p := cfronttest.LoadFile(t, "../../testdata/verify/huge_global_bug.c", ir.LP64)
	for _, eng := range []string{"incremental", "auto"} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		r := engine.Verify(ctx, p, engine.Options{Engine: eng, Solver: solver})
		cancel()
		if r.Verdict != result.Unknown || !strings.Contains(r.Reason, "cannot replay the counterexample at k=1: object big of 1099511627776 bytes exceeds the interpreter's limit of 268435456 bytes per object") {
			t.Errorf("%s: %s (%s)", eng, r.Verdict, r.Reason)
		}
	}
}

// BenchmarkArrayCopy is sv-benchmarks' array-examples/standard_copy1
// pattern at N elements: fill two arrays with inputs, copy one onto itself,
// assert them equal element by element, with BMC unwound N+1 times. It
// measures the index of constant-index store chains (reads would walk
// chains of N stores) and the flat violation encoding (a chain of N nested
// guards took Z3 5 s at N = 200, over a minute at 400).
func BenchmarkArrayCopy(b *testing.B) {
	for _, n := range []int{400, 5000} {
		prog := cfronttest.LoadProgram(b, strings.ReplaceAll(`#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a1[N], a2[N], a, i, x;
  for (a = 0; a < N; a++) { a1[a] = __VERIFIER_nondet_int(); a2[a] = __VERIFIER_nondet_int(); }
  for (i = 0; i < N; i++) a1[i] = a1[i];
  for (x = 0; x < N; x++) assert(a1[x] == a2[x]);
  return 0;
}
`, "N", strconv.Itoa(n)), ir.ILP32)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				r := engine.Verify(context.Background(), prog.IR, engine.Options{Engine: "bmc", Unwind: n + 1, Solver: solver, Contractors: "off"})
				if r.Verdict != result.Unsafe {
					b.Fatalf("verdict %s (%s)", r.Verdict, r.Reason)
				}
			}
		})
	}
}

// TestStableVerdicts: auto's budgets are counted in work (Z3's resource
// units, symbolic execution steps), so three runs of the same program give
// the same verdict, bound and reason — also with the machine busy during
// one of them, and with the budget derived from a deadline. The program
// is one no engine decides: BMC's bound is what the work reached.
func TestStableVerdicts(t *testing.T) {
	p := cfronttest.Load(t, "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\nint main(void) { unsigned x = 0, y = 0; while (__VERIFIER_nondet_int()) { x++; for (unsigned i = 0; i < x; i++) y++; } if (2*y != x*(x+1)) reach_error(); return 0; }\n", ir.LP64)
	busy := func() (stop func()) {
		done := make(chan struct{})
		for i := 0; i < 2; i++ {
			go func() {
				for x := 0; ; x++ {
					select {
					case <-done:
						return
					default:
					}
				}
			}()
		}
		return func() { close(done) }
	}
	for _, tc := range []struct {
		name     string
		work     int64
		deadline time.Duration
		sessions func() (engine.SolverFactory, func())
	}{
		{"work", 2 * engine.WorkPerSecond, time.Minute, nil},
		{"work/kept-contexts", 2 * engine.WorkPerSecond, time.Minute, sessions},
		{"deadline", 0, 4 * time.Second, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for i := 0; i < 3; i++ {
				stop := func() {}
				if i == 1 {
					stop = busy()
				}
				ctx, cancel := context.WithTimeout(context.Background(), tc.deadline)
				r := engine.Verify(ctx, p, engine.Options{Engine: "auto", Solver: solver, Sessions: tc.sessions, Work: tc.work})
				cancel()
				stop()
				t.Logf("run %d: %s k=%d in %.1f s: %s", i+1, r.Verdict, r.K, r.Elapsed.Seconds(), r.Reason)
				if r.Verdict != result.Bounded || r.K < 2 {
					t.Errorf("run %d: %s k=%d (%s), want bounded with k >= 2", i+1, r.Verdict, r.K, r.Reason)
				}
				if strings.Contains(r.Reason, "a re-run may differ") {
					// The machine was too busy for the deadline: the
					// bound reached holds, the reason says why it ended.
					got = append(got, fmt.Sprintf("%s k=%d", r.Verdict, r.K))
					continue
				}
				got = append(got, fmt.Sprintf("%s k=%d: %s", r.Verdict, r.K, r.Reason))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], got[0]) && !strings.HasPrefix(got[0], got[i]) {
					t.Errorf("runs differ:\n%s", strings.Join(got, "\n"))
					break
				}
			}
		})
	}
}

// TestPolynomialInvariants: nla-digbench's ps2, egcd and prodbin (bundled) are
// proved by the algebraic prover within a second, and the invariants it
// reports are C that compiles and holds at the head of concrete runs of
// the same loops (testdata/verify/poly_*_safe.c, run by gcc).
func TestPolynomialInvariants(t *testing.T) {
	for _, task := range []string{"ps2-ll.c", "egcd-ll.c", "prodbin-ll.c"} {
		p := cfronttest.LoadFile(t, "../../testdata/svcomp/nla-digbench/"+task, ir.ILP32)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		r := engine.Verify(ctx, p, engine.Options{Engine: "auto", Solver: solver})
		cancel()
		if r.Verdict != result.Safe || !strings.Contains(r.Reason, "algebra") || len(r.Invariants) == 0 {
			t.Errorf("%s: %s (%s) with %d invariants, want safe by algebra", task, r.Verdict, r.Reason, len(r.Invariants))
		}
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	for _, name := range []string{"poly_ps2_safe.c", "poly_egcd_safe.c"} {
		path := "../../testdata/verify/" + name
		p := cfronttest.LoadFile(t, path, ir.LP64)
		r := engine.Verify(context.Background(), p, engine.Options{Engine: "kinduction", Solver: solver})
		if r.Verdict != result.Safe {
			t.Fatalf("%s: %s (%s), want safe", name, r.Verdict, r.Reason)
		}
		var checks []string
		for _, inv := range r.Invariants {
			if inv.Expr == "" {
				t.Errorf("%s: invariant %q has no C form", name, inv.Text)
			}
			checks = append(checks, fmt.Sprintf("if (!(%s)) __builtin_abort();", inv.Expr))
		}
		src, _ := os.ReadFile(path)
		prog := strings.Replace(string(src), "while (1) {", "while (1) { "+strings.Join(checks, " "), 1)
		prog = strings.Replace(prog, "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);",
			"#include <stdlib.h>\nstatic char **args; int __VERIFIER_nondet_int(void) { return atoi(*args++); }\nvoid reach_error(void) { abort(); }", 1)
		prog = strings.Replace(prog, "void abort(void);\n", "", 1)
		prog = strings.Replace(prog, "int main(void) {", "int main(int argc, char **argv) { args = argv + 1;", 1)
		dir := t.TempDir()
		cfile, bin := filepath.Join(dir, "checked.c"), filepath.Join(dir, "checked")
		os.WriteFile(cfile, []byte(prog), 0o644)
		if out, err := exec.Command("gcc", "-o", bin, cfile).CombinedOutput(); err != nil {
			t.Fatalf("%s: the invariants do not compile: %v\n%s\n%s", name, err, out, prog)
		}
		for _, in := range [][]string{{"1", "1"}, {"5", "3"}, {"1000", "7"}, {"91", "35"}, {"123456", "654321"}} {
			if out, err := exec.Command(bin, in...).CombinedOutput(); err != nil {
				t.Errorf("%s %v: an invariant fails: %v %s", name, in, err, out)
			}
		}
	}
}

// TestSafeReasonCountsDecidedIterations: iterations whose condition
// symbolic execution decides do not count against the bound, so a loop
// to 100 from a constant is proved at bound 1; the reason says so rather
// than claiming that no loop runs more than once.
func TestSafeReasonCountsDecidedIterations(t *testing.T) {
	for _, tc := range []struct {
		src, want string
	}{
		{"int __VERIFIER_nondet_int(void);\nint main(void) { int i = 0, j = 0; while (i < 100) { i++; if (__VERIFIER_nondet_int()) continue; j++; } __VERIFIER_assert(j <= i); return 0; }\n",
			"every loop ends: symbolic execution ran the 99 iterations whose condition it could decide, and no execution runs a loop more than 1 times beyond them"},
		{"int __VERIFIER_nondet_int(void);\nint main(void) { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 3) return 0; int j = 0; for (int i = 0; i < n; i++) j++; __VERIFIER_assert(j <= 3); return 0; }\n",
			"no execution runs a loop more than 3 times"},
	} {
		p := cfronttest.Load(t, "void __VERIFIER_assert(int c) { if (!c) __assert_fail(\"c\", \"f\", 1, \"a\"); }\n"+tc.src, ir.LP64)
		r := engine.Verify(context.Background(), p, engine.Options{Engine: "incremental", Solver: solver, Sessions: sessions})
		if r.Verdict != result.Safe || r.Reason != tc.want {
			t.Errorf("%s (%s), want safe (%s)", r.Verdict, r.Reason, tc.want)
		}
	}
}
