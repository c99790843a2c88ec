package interp

import (
	"github.com/prbmc/prbmc/verifier/ir"
)

// ---------------------------------------------------------------------------
// Lvalues

// lval is a compiled lvalue; static ones (a variable plus a constant
// offset) allow specialised loads and stores.
type lval struct {
	fn   lvalFn
	st   int // 0 dynamic, vlMem local slot, vlGMem global object
	slot int
	obj  *object
	off  int64
}

func (m *machine) compileLval(c *cfunc, e ir.Expr) lval {
	switch e := e.(type) {
	case *ir.VarRef:
		l := m.varLoc(c, e.V)
		switch l.kind {
		case vlGMem:
			o := l.obj
			return lval{st: vlGMem, obj: o, fn: func(m *machine) loc { return loc{o, 0} }}
		case vlMem:
			slot := l.idx
			return lval{st: vlMem, slot: slot, fn: func(m *machine) loc { return loc{&m.fr.objs[slot], 0} }}
		}
		m.fail("internal error: register variable %s used as an object", e.V.Name)
	case *ir.Deref:
		p := m.compileExpr(c, e.P)
		return lval{fn: func(m *machine) loc { v := p(m); return loc{v.obj, int64(v.bits)} }}
	case *ir.Field:
		st, ok := e.X.Type().(*ir.StructType)
		if !ok || e.Index < 0 || e.Index >= len(st.Fields) {
			m.fail("malformed IR: field %d of %s", e.Index, e.X.Type())
		}
		return m.offsetLval(m.compileLval(c, e.X), st.Fields[e.Index].Offset)
	case *ir.Index:
		at, ok := e.X.Type().(*ir.ArrayType)
		if !ok {
			m.fail("malformed IR: index of non-array %s", e.X.Type())
		}
		esz := at.Elem.Size()
		x := m.compileLval(c, e.X)
		if k, ok := e.I.(*ir.Const); ok {
			return m.offsetLval(x, int64(canonOf(k.T, k.Bits))*esz)
		}
		i := m.compileExpr(c, e.I)
		xf := x.fn
		return lval{fn: func(m *machine) loc {
			l := xf(m)
			l.off += int64(i(m).bits) * esz
			return l
		}}
	case *ir.Cond:
		cond := m.compileCond(c, e.C)
		x := m.compileLval(c, e.X).fn
		y := m.compileLval(c, e.Y).fn
		return lval{fn: func(m *machine) loc {
			if cond(m) {
				return x(m)
			}
			return y(m)
		}}
	}
	m.fail("malformed IR: %T is not an lvalue", e)
	return lval{}
}

func (m *machine) offsetLval(x lval, off int64) lval {
	if off == 0 {
		return x
	}
	if x.st != 0 {
		x.off += off
		switch x.st {
		case vlGMem:
			o, off := x.obj, x.off
			x.fn = func(m *machine) loc { return loc{o, off} }
		case vlMem:
			slot, off := x.slot, x.off
			x.fn = func(m *machine) loc { return loc{&m.fr.objs[slot], off} }
		}
		return x
	}
	f := x.fn
	return lval{fn: func(m *machine) loc { l := f(m); l.off += off; return l }}
}

// compileAggSrc compiles an aggregate-valued expression to the location of
// its bytes.
func (m *machine) compileAggSrc(c *cfunc, e ir.Expr) lvalFn {
	if nd, ok := e.(*ir.Nondet); ok {
		t, why := nd.T, nd.Name
		return func(m *machine) loc {
			b := m.input(t, why, m.curPos(), true)
			return loc{m.tempObject(b), 0}
		}
	}
	return m.compileLval(c, e).fn
}
