package interp

import (
	"github.com/prbmc/prbmc/verifier/ir"
)

// ---------------------------------------------------------------------------
// Casts

func (m *machine) compileCast(c *cfunc, e *ir.Cast) evalFn {
	if _, ok := e.T.(ir.VoidType); ok {
		x := m.compileExpr(c, e.X)
		return func(m *machine) val { x(m); return val{} }
	}
	to := m.scalarKind(e.T)
	from := m.scalarKind(e.X.Type())
	if it, ok := e.T.(*ir.IntType); ok && it.IsBool() {
		cond := m.compileCond(c, e.X)
		return func(m *machine) val {
			if cond(m) {
				return val{bits: 1}
			}
			return val{}
		}
	}
	x := m.compileExpr(c, e.X)
	if from == kI128 || to == kI128 {
		return func(m *machine) val { m.fail("unsupported 128-bit arithmetic"); return val{} }
	}
	if f := m.cast80(from, to, x); f != nil {
		return f
	}
	switch {
	case isIntKind(from) && isIntKind(to):
		if from == to {
			return x
		}
		return opsOf(to).cast(x)
	case isIntKind(from) && to == kF32:
		if isSignedKind(from) {
			return func(m *machine) val { return vf32(float32(int64(x(m).bits))) }
		}
		return func(m *machine) val { return vf32(float32(x(m).bits)) }
	case isIntKind(from) && to == kF64:
		if isSignedKind(from) {
			return func(m *machine) val { return vf64(float64(int64(x(m).bits))) }
		}
		return func(m *machine) val { return vf64(float64(x(m).bits)) }
	case from == kF32 && isIntKind(to):
		return func(m *machine) val { return val{bits: m.floatToInt(float64(f32(x(m))), to)} }
	case from == kF64 && isIntKind(to):
		return func(m *machine) val { return val{bits: m.floatToInt(f64(x(m)), to)} }
	case from == kF32 && to == kF64:
		return func(m *machine) val { return val{bits: f32to64(f32(x(m)))} }
	case from == kF64 && to == kF32:
		return func(m *machine) val { return val{bits: f64to32(f64(x(m)))} }
	case from == to:
		return x
	case from == kPtr && isIntKind(to):
		return func(m *machine) val { v := x(m); return val{bits: canon(to, m.addrOf(v.obj, int64(v.bits)))} }
	case isIntKind(from) && to == kPtr:
		narrow := m.pw == 4
		return func(m *machine) val {
			a := x(m).bits
			if narrow {
				a = uint64(uint32(a))
			}
			return m.ptrFromAddr(a)
		}
	}
	m.fail("malformed IR: cast from %s to %s", e.X.Type(), e.T)
	return nil
}
