package invariant_test

import (
	"context"
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront"
	"github.com/prbmc/prbmc/verifier/invariant"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/z3"
)

func solver(logic string) (smt.Solver, error) { return z3.New(z3.Options{Logic: logic}) }

func gen(t *testing.T, src string) []string {
	t.Helper()
	prog, err := cfront.Load(context.Background(), cfront.Config{DataModel: ir.LP64}, cfront.Source{Name: "t.c", Text: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	p := prog.IR
	entry := p.Func("main")
	var loops []invariant.Loop
	for _, l := range entry.Loops {
		if l.Parent == nil {
			loops = append(loops, invariant.Loop{Loop: l})
		}
	}
	g := invariant.Start(context.Background(), p, entry, loops, solver)
	g.Wait()
	var out []string
	for _, l := range loops {
		for _, p := range g.Current(l.Loop) {
			out = append(out, p.String())
		}
	}
	t.Logf("notes: %v", g.Notes())
	return out
}

func TestDebug(t *testing.T) {
	got := gen(t, `int __VERIFIER_nondet_int(void);
int main() { int x = 1; int y = 0; while (y < 1000 && __VERIFIER_nondet_int()) { x = x + y; y = y + 1; } return x >= y; }`)
	t.Logf("%v", got)
}
