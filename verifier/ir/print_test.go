package ir_test

import (
	"testing"

	"github.com/prbmc/prbmc/verifier/ir"
)

// TestPrinterStyles pins where the three styles of the one printer differ,
// so that a change to one style cannot leak into the others (the Dump is
// also pinned by the golden IR, the other two by property and trace texts).
func TestPrinterStyles(t *testing.T) {
	std := ir.StdTypes(ir.LP64)
	intp := &ir.PointerType{Elem: std.Int, Bytes: 8}
	p := &ir.Var{Name: "p#1", Source: "p", Type: intp}
	i := &ir.Var{Name: "i#2", Source: "i", Type: std.Int}
	pi := &ir.Binary{Op: ir.PtrAdd, X: &ir.VarRef{V: p}, Y: &ir.VarRef{V: i}, T: intp}
	one := &ir.Const{T: std.UInt, Bits: 1}
	sum := &ir.Binary{Op: ir.Add, X: &ir.Cast{X: &ir.Deref{P: pi, T: std.Int}, T: std.UInt}, Y: one, T: std.UInt}
	minus := &ir.Const{T: std.Int, Bits: 0xffffffff}
	cmp := &ir.Binary{Op: ir.Lt, X: &ir.Cast{X: sum, T: std.Int}, Y: minus, T: std.Int}
	nd := &ir.Nondet{T: std.Int, Name: "__VERIFIER_nondet_int"}
	cname := func(v *ir.Var, _ bool) string { return v.Source }
	tests := []struct {
		name string
		pr   ir.Printer
		e    ir.Expr
		want string
	}{
		{"dump", ir.Printer{}, cmp, "((int)((unsigned int)*((p#1 +p i#2)) + 1u) < -1)"},
		{"source", ir.Printer{Style: ir.Source, Name: cname}, cmp, "(p[i] + 1u) < -1"},
		{"trace", ir.Printer{Style: ir.Trace, Name: cname}, cmp, "((int)(((unsigned int)*(p + i)) + 1)) < -1"},
		{"dump nondet", ir.Printer{}, nd, `nondet<int>("__VERIFIER_nondet_int")`},
		{"source nondet", ir.Printer{Style: ir.Source, Name: cname}, nd, `nondet<int>("__VERIFIER_nondet_int")`},
		{"trace nondet", ir.Printer{Style: ir.Trace, Name: cname}, nd, "__VERIFIER_nondet_int()"},
		{"trace index values", ir.Printer{Style: ir.Trace, Name: cname, Index: func(ir.Expr) (string, bool) { return "7", true }},
			&ir.Index{X: &ir.VarRef{V: &ir.Var{Name: "a#3", Source: "a", Type: &ir.ArrayType{Elem: std.Int, Len: 9}}}, I: &ir.VarRef{V: i}}, "a[7]"},
	}
	for _, tc := range tests {
		if got := tc.pr.Expr(tc.e); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
	call := &ir.Call{Result: &ir.VarRef{V: i}, Builtin: ir.BHavoc, Args: []ir.Expr{&ir.VarRef{V: p}}}
	if got, want := ir.InstrString(call), "i#2 := call $havoc(p#1)"; got != want {
		t.Errorf("dump call: %s, want %s", got, want)
	}
	if got, want := (ir.Printer{Style: ir.Trace, Name: cname}).Instr(call), "i = havoc(p)"; got != want {
		t.Errorf("trace call: %s, want %s", got, want)
	}
}
