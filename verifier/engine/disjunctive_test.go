package engine_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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

// TestGuardedInvariantsInC: the sampled and guarded invariants a proof
// lists mean in C what the proof meant: compiled into the loop body of the
// program (a head state, as the loop's condition has no side effect), as
// an abort when one fails, they hold on gcc-compiled runs with inputs of
// both signs of the guards.
func TestGuardedInvariantsInC(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	const pre = "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\n"
	for _, tc := range []struct {
		name, src string
		inputs    [][2]string // the first input, the number of iterations
	}{
		{"half", pre + `void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) { int i = 0, n = 0, k = __VERIFIER_nondet_int();
  if (!(k <= 1000000 && k >= -1000000)) return 0;
  for (i = 0; i < 2*k; i++) { /*LOOP*/ if (i % 2 == 0) n++; }
  __VERIFIER_assert(k < 0 || n == k); return 0; }
`, [][2]string{{"-5", "0"}, {"0", "0"}, {"1", "0"}, {"7", "0"}, {"1000", "0"}}},
		{"ddlm2013", pre + `void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) { unsigned int i, j, a, b; int flag = __VERIFIER_nondet_int();
  a = 0; b = 0; j = 1;
  if (flag) { i = 0; } else { i = 1; }
  while (__VERIFIER_nondet_int()) { /*LOOP*/ a++; b += (j - i); i += 2; if (i%2 == 0) { j += 2; } else { j++; } }
  if (flag) { __VERIFIER_assert(a == b); } return 0; }
`, [][2]string{{"0", "5"}, {"1", "5"}, {"-3", "100"}, {"0", "1000"}, {"9", "1000"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := cfronttest.Load(t, tc.src, ir.ILP32)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			r := engine.Verify(ctx, p, engine.Options{Engine: "kinduction", Solver: solver})
			if r.Verdict != result.Safe {
				t.Fatalf("%s (%s), want safe", r.Verdict, r.Reason)
			}
			var checks []string
			guarded := 0
			for _, inv := range r.Invariants {
				checks = append(checks, fmt.Sprintf("if (!(%s)) __builtin_abort();", inv.Expr))
				if strings.Contains(inv.Text, " || ") {
					guarded++
				}
			}
			if guarded == 0 {
				t.Fatalf("no guarded invariant among %v", r.Invariants)
			}
			prog := strings.Replace(tc.src, "/*LOOP*/", strings.Join(checks, " "), 1)
			prog = strings.Replace(prog, pre, "#include <stdlib.h>\nstatic int first = 1, v, n;\n"+
				"int __VERIFIER_nondet_int(void) { if (first) { first = 0; return v; } return n-- > 0; }\n"+
				"void reach_error(void) { abort(); }\n", 1)
			prog = strings.Replace(prog, "int main(void) {", "int main(int argc, char **argv) { v = atoi(argv[1]); n = atoi(argv[2]);", 1)
			dir := t.TempDir()
			cfile, bin := filepath.Join(dir, "checked.c"), filepath.Join(dir, "checked")
			if err := os.WriteFile(cfile, []byte(prog), 0o644); err != nil {
				t.Fatal(err)
			}
			// The host's int and unsigned int are ILP32's too.
			if out, err := exec.Command("gcc", "-o", bin, cfile).CombinedOutput(); err != nil {
				t.Fatalf("the invariants do not compile: %v\n%s\n%s", err, out, prog)
			}
			for _, in := range tc.inputs {
				if out, err := exec.Command(bin, in[0], in[1]).CombinedOutput(); err != nil {
					t.Errorf("inputs %v: an invariant fails: %v %s\n%s", in, err, out, strings.Join(checks, "\n"))
				}
			}
		})
	}
}
