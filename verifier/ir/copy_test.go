package ir_test

import (
	"testing"

	"github.com/prbmc/prbmc/verifier/cfront/cfronttest"
	"github.com/prbmc/prbmc/verifier/ir"
)

// TestCopierChecks: the pointer check's Valid and Freeable are copied (a
// program instrumented with -checks pointer used to make the contractor's
// copy panic, and the auto engine answer unknown).
func TestCopierChecks(t *testing.T) {
	std := ir.StdTypes(ir.LP64)
	v := &ir.Var{Name: "p", Type: std.CharPtr, Kind: ir.Local}
	nv := &ir.Var{Name: "p", Type: std.CharPtr, Kind: ir.Local}
	c := &ir.Copier{Vars: map[*ir.Var]*ir.Var{v: nv}}
	got := c.Expr(&ir.Valid{P: &ir.VarRef{V: v}, N: 4, Write: true, T: std.Int}).(*ir.Valid)
	if got.P.(*ir.VarRef).V != nv || got.N != 4 || !got.Write || got.T != std.Int {
		t.Errorf("Valid copied as %+v", got)
	}
	f := c.Expr(&ir.Freeable{P: &ir.VarRef{V: v}, T: std.Int}).(*ir.Freeable)
	if f.P.(*ir.VarRef).V != nv || f.T != std.Int {
		t.Errorf("Freeable copied as %+v", f)
	}
}

// TestCloneFunction: a clone prints as the original does but for its
// name, owns its variables, shares none of the original's instructions,
// and passes the IR's sanity check once added to the program.
func TestCloneFunction(t *testing.T) {
	p := cfronttest.Load(t, `int sum(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
int main(void) { int a[3] = {1, 2, 3}; return sum(a, 3); }`, ir.LP64)
	f := p.Func("sum")
	nf := ir.CloneFunction(f, "sum@copy")
	if nf.Name != "sum@copy" || len(nf.Params) != 2 || len(nf.Body) != len(f.Body) || len(nf.Loops) != len(f.Loops) {
		t.Fatalf("clone %s: %d params, %d instructions, %d loops; want 2, %d, %d", nf.Name, len(nf.Params), len(nf.Body), len(nf.Loops), len(f.Body), len(f.Loops))
	}
	for _, v := range append(append([]*ir.Var{}, nf.Params...), nf.Locals...) {
		if v.Func != nf {
			t.Errorf("variable %s of the clone belongs to %v", v.Name, v.Func)
		}
	}
	for pc := range f.Body {
		if nf.Body[pc] == f.Body[pc] {
			t.Errorf("instruction %d is shared", pc)
		}
		if ir.InstrString(nf.Body[pc]) != ir.InstrString(f.Body[pc]) {
			t.Errorf("instruction %d: clone %q, original %q", pc, ir.InstrString(nf.Body[pc]), ir.InstrString(f.Body[pc]))
		}
	}
	p.AddFunc(nf)
	if err := ir.CheckProgram(p); err != nil {
		t.Errorf("sanity with the clone: %v", err)
	}
}
