package checks

import (
	"strings"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Text renders e as C-like source for property texts: variables by their C
// names, integer conversions (the promotions the front end made explicit)
// left out, p[i] and p->f for the pointer forms (ir.Source).
func Text(e ir.Expr) string { return textWith(e, nil) }

// textWith is Text with the front end's temporaries shown as what they
// hold: "f() + 1" rather than "$t + 1".
func textWith(e ir.Expr, temps map[*ir.Var]string) string {
	return sourcePrinter(temps).Expr(e)
}

// sourcePrinter is the ir.Source printer with C names for variables and
// temps for the temporaries it has texts of.
func sourcePrinter(temps map[*ir.Var]string) ir.Printer {
	return ir.Printer{Style: ir.Source, Name: func(v *ir.Var, nested bool) string {
		if t, ok := temps[v]; ok {
			if nested && strings.ContainsAny(t, " ") {
				t = "(" + t + ")"
			}
			return t
		}
		if v.Source != "" && !strings.HasPrefix(v.Source, "$") {
			return v.Source
		}
		return v.Name
	}}
}

// tempTexts renders, for each temporary of f assigned exactly once, the
// expression or call it is assigned (`$t := call f(x)` gives "f(x)").
func tempTexts(f *ir.Function) map[*ir.Var]string {
	defs := map[*ir.Var]int{}
	src := map[*ir.Var]ir.Instr{}
	for _, in := range f.Body {
		if r, ok := ir.Written(in).(*ir.VarRef); ok && r.V.Kind == ir.Temp {
			defs[r.V]++
			src[r.V] = in
		}
	}
	out := map[*ir.Var]string{}
	for v, n := range defs {
		if n != 1 {
			continue // ?: and friends: which one is meant depends on the path
		}
		switch x := src[v].(type) {
		case *ir.Assign:
			if nd, ok := x.Rhs.(*ir.Nondet); ok {
				if strings.HasPrefix(nd.Name, "__VERIFIER_nondet") {
					out[v] = nd.Name + "()"
				}
				continue
			}
			out[v] = Text(x.Rhs)
		case *ir.Call:
			out[v] = sourcePrinter(nil).Call(x)
		}
	}
	return out
}
