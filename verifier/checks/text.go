package checks

import (
	"strings"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Text renders e as C-like source for property texts: variables by their C
// names, integer conversions (the promotions the front end made explicit)
// left out, p[i] and p->f for the pointer forms.
func Text(e ir.Expr) string { return textWith(e, nil) }

// textWith is Text with the front end's temporaries shown as what they
// hold: "f() + 1" rather than "$t + 1".
func textWith(e ir.Expr, temps map[*ir.Var]string) string {
	w := &textWriter{temps: temps}
	w.write(e, false)
	return w.b.String()
}

// tempTexts renders, for each temporary of f assigned exactly once, the
// expression or call it is assigned (`$t := call f(x)` gives "f(x)").
func tempTexts(f *ir.Function) map[*ir.Var]string {
	defs := map[*ir.Var]int{}
	src := map[*ir.Var]ir.Instr{}
	for _, in := range f.Body {
		var lhs ir.Expr
		switch x := in.(type) {
		case *ir.Assign:
			lhs = x.Lhs
		case *ir.Call:
			lhs = x.Result
		}
		if r, ok := lhs.(*ir.VarRef); ok && r.V.Kind == ir.Temp {
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
			name := x.Builtin.String()
			if x.Fn != nil {
				name = x.Fn.Name
			}
			var args []string
			for _, a := range x.Args {
				args = append(args, Text(a))
			}
			out[v] = name + "(" + strings.Join(args, ", ") + ")"
		}
	}
	return out
}

type textWriter struct {
	b     strings.Builder
	temps map[*ir.Var]string
}

func (b *textWriter) WriteString(s string) { b.b.WriteString(s) }

func (b *textWriter) write(e ir.Expr, nested bool) {
	switch x := e.(type) {
	case *ir.Const, *ir.FloatConst:
		b.WriteString(ir.ExprString(e))
	case *ir.VarRef:
		if t, ok := b.temps[x.V]; ok {
			if nested && strings.ContainsAny(t, " ") {
				t = "(" + t + ")"
			}
			b.WriteString(t)
		} else if x.V.Source != "" && !strings.HasPrefix(x.V.Source, "$") {
			b.WriteString(x.V.Source)
		} else {
			b.WriteString(x.V.Name)
		}
	case *ir.Deref:
		if a, ok := x.P.(*ir.Binary); ok && a.Op == ir.PtrAdd {
			b.write(a.X, true)
			b.WriteString("[")
			b.write(a.Y, false)
			b.WriteString("]")
			return
		}
		b.WriteString("*")
		b.write(x.P, true)
	case *ir.Field:
		name := x.X.Type().(*ir.StructType).Fields[x.Index].Name
		if d, ok := x.X.(*ir.Deref); ok {
			if _, isAdd := d.P.(*ir.Binary); !isAdd {
				b.write(d.P, true)
				b.WriteString("->" + name)
				return
			}
		}
		b.write(x.X, true)
		b.WriteString("." + name)
	case *ir.Index:
		b.write(x.X, true)
		b.WriteString("[")
		b.write(x.I, false)
		b.WriteString("]")
	case *ir.AddrOf:
		// An array in value position decays to &a[0]: print a.
		if ix, ok := x.X.(*ir.Index); ok && isZero(ix.I) {
			b.write(ix.X, nested)
			return
		}
		b.WriteString("&")
		b.write(x.X, true)
	case *ir.Unary:
		b.WriteString(x.Op.String())
		b.write(x.X, true)
	case *ir.Binary:
		if nested {
			b.WriteString("(")
		}
		b.write(x.X, true)
		op := x.Op.String()
		if x.Op == ir.PtrAdd || x.Op == ir.PtrSub {
			op = op[:1]
		}
		b.WriteString(" " + op + " ")
		b.write(x.Y, true)
		if nested {
			b.WriteString(")")
		}
	case *ir.Cast:
		if _, ok := x.T.(*ir.IntType); ok {
			if _, ok := x.X.Type().(*ir.IntType); ok {
				b.write(x.X, nested)
				return
			}
		}
		b.WriteString("(" + x.T.String() + ")")
		b.write(x.X, true)
	case *ir.Cond:
		if nested {
			b.WriteString("(")
		}
		b.write(x.C, true)
		b.WriteString(" ? ")
		b.write(x.X, true)
		b.WriteString(" : ")
		b.write(x.Y, true)
		if nested {
			b.WriteString(")")
		}
	default:
		b.WriteString(ir.ExprString(e))
	}
}
