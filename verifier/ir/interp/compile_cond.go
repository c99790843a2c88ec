package interp

import (
	"github.com/prbmc/prbmc/verifier/ir"
)

// ---------------------------------------------------------------------------
// Conditions

func (m *machine) compileCond(c *cfunc, e ir.Expr) condFn {
	switch e := e.(type) {
	case *ir.Const:
		b := e.Bits != 0
		return func(m *machine) bool { return b }
	case *ir.Unary:
		if e.Op == ir.LNot {
			x := m.compileCond(c, e.X)
			return func(m *machine) bool { return !x(m) }
		}
	case *ir.Binary:
		switch e.Op {
		case ir.LAnd:
			x, y := m.compileCond(c, e.X), m.compileCond(c, e.Y)
			return func(m *machine) bool { return x(m) && y(m) }
		case ir.LOr:
			x, y := m.compileCond(c, e.X), m.compileCond(c, e.Y)
			return func(m *machine) bool { return x(m) || y(m) }
		case ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge:
			return m.compileCmp(c, e)
		}
	case *ir.Cast:
		// (int)(a < b) and (_Bool)x keep the truth value
		if it, ok := e.T.(*ir.IntType); ok && isIntKind(kindOf(it)) {
			if _, ok := e.X.Type().(*ir.IntType); ok && (it.IsBool() || ir.IsTruth(e.X)) {
				return m.compileCond(c, e.X)
			}
		}
	}
	return m.truth(e.Type(), m.compileExpr(c, e))
}

// truth converts a scalar of type t to C's truth value.
func (m *machine) truth(t ir.Type, x evalFn) condFn {
	switch k := m.scalarKind(t); k {
	case kF32:
		return func(m *machine) bool { return f32(x(m)) != 0 }
	case kF64:
		return func(m *machine) bool { return f64(x(m)) != 0 }
	case kF80:
		return func(m *machine) bool { return !f80(x(m)).IsZero() }
	case kPtr:
		return func(m *machine) bool { v := x(m); return v.obj != nil || v.bits != 0 }
	}
	return func(m *machine) bool { return x(m).bits != 0 }
}

func (m *machine) compileCmp(c *cfunc, e *ir.Binary) condFn {
	k := m.scalarKind(e.X.Type())
	x := m.compileExpr(c, e.X)
	switch k {
	case kF32:
		y := m.compileExpr(c, e.Y)
		return cmpOp[float32](e.Op, func(m *machine) float32 { return f32(x(m)) }, func(m *machine) float32 { return f32(y(m)) })
	case kF64:
		y := m.compileExpr(c, e.Y)
		return cmpOp[float64](e.Op, func(m *machine) float64 { return f64(x(m)) }, func(m *machine) float64 { return f64(y(m)) })
	case kF80:
		return cmp80(e.Op, x, m.compileExpr(c, e.Y))
	case kPtr:
		return m.ptrCmp(e.Op, x, m.compileExpr(c, e.Y))
	case kI128:
		return func(m *machine) bool { m.fail("unsupported 128-bit arithmetic"); return false }
	}
	if kindOf(e.Y.Type()) == kPtr {
		return m.ptrCmp(e.Op, x, m.compileExpr(c, e.Y))
	}
	o := opsOf(k)
	if cv, ok := constOf(e.Y); ok {
		return o.cmpC(e.Op, x, cv)
	}
	return o.cmp(e.Op, x, m.compileExpr(c, e.Y))
}

func (m *machine) ptrCmp(op ir.BinOp, x, y evalFn) condFn {
	switch op {
	case ir.Eq:
		return func(m *machine) bool { a, b := x(m), y(m); return a.obj == b.obj && a.bits == b.bits }
	case ir.Ne:
		return func(m *machine) bool { a, b := x(m), y(m); return a.obj != b.obj || a.bits != b.bits }
	}
	addrs := func(m *machine) (uint64, uint64, bool) {
		a, b := x(m), y(m)
		if a.obj == b.obj {
			// same object: by offset (signed: offsets may be negative)
			return uint64(int64(a.bits)) ^ (1 << 63), uint64(int64(b.bits)) ^ (1 << 63), true
		}
		return m.addrOf(a.obj, int64(a.bits)), m.addrOf(b.obj, int64(b.bits)), true
	}
	switch op {
	case ir.Lt:
		return func(m *machine) bool { a, b, _ := addrs(m); return a < b }
	case ir.Le:
		return func(m *machine) bool { a, b, _ := addrs(m); return a <= b }
	case ir.Gt:
		return func(m *machine) bool { a, b, _ := addrs(m); return a > b }
	case ir.Ge:
		return func(m *machine) bool { a, b, _ := addrs(m); return a >= b }
	}
	m.fail("malformed IR: %s on pointers", op)
	return nil
}
