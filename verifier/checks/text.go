package checks

import (
	"strings"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Text renders e as C-like source for property texts: variables by their C
// names, integer conversions (the promotions the front end made explicit)
// left out, p[i] and p->f for the pointer forms.
func Text(e ir.Expr) string {
	var b strings.Builder
	writeText(&b, e, false)
	return b.String()
}

func writeText(b *strings.Builder, e ir.Expr, nested bool) {
	switch x := e.(type) {
	case *ir.Const, *ir.FloatConst:
		b.WriteString(ir.ExprString(e))
	case *ir.VarRef:
		if x.V.Source != "" && !strings.HasPrefix(x.V.Source, "$") {
			b.WriteString(x.V.Source)
		} else {
			b.WriteString(x.V.Name)
		}
	case *ir.Deref:
		if a, ok := x.P.(*ir.Binary); ok && a.Op == ir.PtrAdd {
			writeText(b, a.X, true)
			b.WriteString("[")
			writeText(b, a.Y, false)
			b.WriteString("]")
			return
		}
		b.WriteString("*")
		writeText(b, x.P, true)
	case *ir.Field:
		name := x.X.Type().(*ir.StructType).Fields[x.Index].Name
		if d, ok := x.X.(*ir.Deref); ok {
			if _, isAdd := d.P.(*ir.Binary); !isAdd {
				writeText(b, d.P, true)
				b.WriteString("->" + name)
				return
			}
		}
		writeText(b, x.X, true)
		b.WriteString("." + name)
	case *ir.Index:
		writeText(b, x.X, true)
		b.WriteString("[")
		writeText(b, x.I, false)
		b.WriteString("]")
	case *ir.AddrOf:
		// An array in value position decays to &a[0]: print a.
		if ix, ok := x.X.(*ir.Index); ok && isZero(ix.I) {
			writeText(b, ix.X, nested)
			return
		}
		b.WriteString("&")
		writeText(b, x.X, true)
	case *ir.Unary:
		b.WriteString(x.Op.String())
		writeText(b, x.X, true)
	case *ir.Binary:
		if nested {
			b.WriteString("(")
		}
		writeText(b, x.X, true)
		op := x.Op.String()
		if x.Op == ir.PtrAdd || x.Op == ir.PtrSub {
			op = op[:1]
		}
		b.WriteString(" " + op + " ")
		writeText(b, x.Y, true)
		if nested {
			b.WriteString(")")
		}
	case *ir.Cast:
		if _, ok := x.T.(*ir.IntType); ok {
			if _, ok := x.X.Type().(*ir.IntType); ok {
				writeText(b, x.X, nested)
				return
			}
		}
		b.WriteString("(" + x.T.String() + ")")
		writeText(b, x.X, true)
	case *ir.Cond:
		if nested {
			b.WriteString("(")
		}
		writeText(b, x.C, true)
		b.WriteString(" ? ")
		writeText(b, x.X, true)
		b.WriteString(" : ")
		writeText(b, x.Y, true)
		if nested {
			b.WriteString(")")
		}
	default:
		b.WriteString(ir.ExprString(e))
	}
}
