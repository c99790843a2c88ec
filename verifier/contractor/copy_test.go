package contractor

import (
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
)

// TestCopyChecks: the pointer check's Valid and Freeable are copied (a
// program instrumented with -checks pointer used to make the copy panic,
// and the auto engine answer unknown).
func TestCopyChecks(t *testing.T) {
	std := ir.StdTypes(ir.LP64)
	v := &ir.Var{Name: "p", Type: std.CharPtr, Kind: ir.Local}
	nv := &ir.Var{Name: "p", Type: std.CharPtr, Kind: ir.Local}
	c := &copier{vm: map[*ir.Var]*ir.Var{v: nv}}
	got := c.expr(&ir.Valid{P: &ir.VarRef{V: v}, N: 4, Write: true, T: std.Int}).(*ir.Valid)
	if got.P.(*ir.VarRef).V != nv || got.N != 4 || !got.Write || got.T != std.Int {
		t.Errorf("Valid copied as %+v", got)
	}
	f := c.expr(&ir.Freeable{P: &ir.VarRef{V: v}, T: std.Int}).(*ir.Freeable)
	if f.P.(*ir.VarRef).V != nv || f.T != std.Int {
		t.Errorf("Freeable copied as %+v", f)
	}
}
