package invariant_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/internal/guard"
	"github.com/prbmc/prbmc/verifier/interval"
	"github.com/prbmc/prbmc/verifier/invariant"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/z3"
)

func solver(logic string) (smt.Solver, error) { return z3.New(z3.Options{Logic: logic}) }

// generate runs the generator to the end on main's top-level loops (with
// their interval invariants, as k-induction does) and lists what it
// proved, per loop.
func generate(t *testing.T, src string) [][]string {
	t.Helper()
	prog := cfronttest.LoadProgram(t, src, ir.LP64)
	p := prog.IR
	entry := p.Func("main")
	res, _ := interval.Analyze(context.Background(), p, entry)
	loops := invariant.TopLoops(entry, res)
	g := invariant.Start(context.Background(), p, entry, loops, solver)
	g.Wait()
	var out [][]string
	for _, l := range loops {
		var ps []string
		for _, p := range g.Current(l.Loop) {
			ps = append(ps, p.String())
		}
		out = append(out, ps)
	}
	t.Logf("notes: %v", g.Notes())
	return out
}

const pre = "int __VERIFIER_nondet_int(void);\n"

// TestGenerator: the relational invariants the benchmark loops need are
// found; candidates that fail at the entry or after an iteration are not.
func TestGenerator(t *testing.T) {
	tests := []struct {
		name, src string
		want      [][]string // per loop, all must be proved
		not       [][]string // per loop, none may be proved
	}{
		{"equal counters", "int main() { int x = 0, y = 0; while (__VERIFIER_nondet_int()) { x++; y++; } return x == y; }",
			[][]string{{"x - y == 0"}}, [][]string{{"x - y <= -1", "x >= 1"}}},
		{"double", "int main() { int i = 0, s = 0; while (i < 100 && __VERIFIER_nondet_int()) { i++; s += 2; } return s; }",
			[][]string{{"s - 2*i == 0"}}, [][]string{{"s - 2*i == 2"}}},
		{"sum conserved", "int main() { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 1000) return 0; int x = n, y = 0; while (x > 0) { x--; y++; } return y; }",
			[][]string{{"x + y - n == 0"}}, nil},
		{"second loop after an unbounded first", "int main() { int n = __VERIFIER_nondet_int(), k = 0, i = 0; while (i < n) { i++; k++; } int j = n; while (j > 0) { j--; k--; } return k; }",
			[][]string{{"i - k == 0"}, {"j - k <= 0"}}, [][]string{nil, {"j - k == 0"}}},
		// x is written through a pointer: it lives in memory and no
		// register invariant may mention it.
		{"pointer write", "int main() { int x = 0, y = 0; int *p = &x; while (__VERIFIER_nondet_int()) { *p = *p + 1; y++; } return x == y; }",
			nil, [][]string{{"x - y == 0"}}},
	}
	for _, tc := range tests {
		tc := tc
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := generate(t, pre+tc.src)
			for i, ws := range tc.want {
				if i >= len(got) {
					t.Fatalf("loop %d: no result; got %v", i, got)
				}
				for _, w := range ws {
					if !contains(got[i], w) {
						t.Errorf("loop %d: %q not proved; proved %v", i, w, got[i])
					}
				}
			}
			for i, ns := range tc.not {
				for _, n := range ns {
					if i < len(got) && contains(got[i], n) {
						t.Errorf("loop %d: %q proved, but it is false", i, n)
					}
				}
			}
		})
	}
}

func contains(ps []string, p string) bool {
	for _, q := range ps {
		if strings.TrimSpace(q) == p {
			return true
		}
	}
	return false
}

// TestBlock: a counterexample to induction that no execution reaches is
// generalized to a proved invariant; one that an execution reaches cannot
// be blocked.
func TestBlock(t *testing.T) {
	prog := cfronttest.LoadProgram(t, pre+
		"int main() { unsigned x = 10, y = 0; while (__VERIFIER_nondet_int()) { x += 6; y++; } return x % 2; }", ir.LP64)
	p := prog.IR
	entry := p.Func("main")
	l := entry.Loops[0]
	// A canceled generator runs no template round: what Current shows
	// afterwards is Block's alone.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := invariant.Start(ctx, p, entry, []invariant.Loop{{Loop: l}}, solver)
	g.Wait()
	vars := map[string]*ir.Var{}
	for _, v := range entry.Locals {
		vars[v.Name] = v
	}
	cti := func(x, y uint64) map[*ir.Var]smt.BitVec {
		return map[*ir.Var]smt.BitVec{vars["x"]: smt.NewBitVec(32, x), vars["y"]: smt.NewBitVec(32, y)}
	}
	bctx := context.Background()
	inv, err := g.Block(bctx, l, cti(7, 3))
	if err != nil {
		t.Fatalf("x = 7: %v", err)
	}
	if got := inv.String(); got != "(x & 0x1) == 0x0" {
		t.Errorf("x = 7 blocked by %s, want x even", got)
	}
	if cur := g.Current(l); len(cur) != 1 || cur[0].String() != inv.String() {
		t.Errorf("Current = %v, want the blocking invariant", cur)
	}
	// x = 16, y = 1 is the state after one iteration.
	if inv, err := g.Block(bctx, l, cti(16, 1)); err == nil {
		t.Errorf("a reachable state was blocked by %s", inv)
	}
}

// TestGeneratorPanic: a panic in the generator's goroutine (here from the
// solver factory) stops the generator, not the process: Err reports it,
// with its stack, and Updated wakes whoever waits for invariants.
func TestGeneratorPanic(t *testing.T) {
	src := pre + "int main(void) { int x = 0, y = 0; while (__VERIFIER_nondet_int()) { x++; y++; } return x - y; }\n"
	prog := cfronttest.LoadProgram(t, src, ir.LP64)
	entry := prog.IR.Func("main")
	// The panic waits until the test holds the channel Updated returns:
	// a panic before it would close a channel the test never sees.
	ready := make(chan struct{})
	boom := func(string) (smt.Solver, error) { <-ready; panic("boom") }
	g := invariant.Start(context.Background(), prog.IR, entry, []invariant.Loop{{Loop: entry.Loops[0]}}, boom)
	upd := g.Updated()
	close(ready)
	g.Wait()
	select {
	case <-upd:
	default:
		t.Error("Updated not closed by the panic")
	}
	err := g.Err()
	var pn *guard.Panic
	if err == nil || err.Error() != "internal error: boom" || !errors.As(err, &pn) || !strings.Contains(string(pn.Stack), "TestGeneratorPanic") {
		t.Fatalf("Err = %v", err)
	}
	if got := g.Current(entry.Loops[0]); len(got) != 0 {
		t.Errorf("invariants after the panic: %v", got)
	}
}
