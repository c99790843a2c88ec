package interp

import (
	"github.com/prbmc/prbmc/verifier/ir"
)

// ---------------------------------------------------------------------------
// Expressions

func (m *machine) compileExpr(c *cfunc, e ir.Expr) evalFn {
	if e == nil {
		m.fail("malformed IR: nil expression")
	}
	switch e := e.(type) {
	case *ir.Const:
		k := kindOf(e.T)
		if k == kPtr {
			if e.Bits == 0 {
				return func(m *machine) val { return val{} }
			}
			a := e.Bits
			return func(m *machine) val { return m.ptrFromAddr(a) }
		}
		if k == kI128 {
			return func(m *machine) val { m.fail("unsupported 128-bit arithmetic"); return val{} }
		}
		v := val{bits: canonOf(e.T, e.Bits)}
		return func(m *machine) val { return v }
	case *ir.FloatConst:
		var v val
		switch {
		case e.T != nil && e.T.Bits == 32:
			v = vf32(float32(e.V))
		case e.T != nil && e.T.IsLong():
			v = vf80(e.X)
		default:
			v = vf64(e.V)
		}
		return func(m *machine) val { return v }
	case *ir.VarRef:
		l := m.varLoc(c, e.V)
		switch l.kind {
		case vlReg:
			idx := l.idx
			return func(m *machine) val { return m.fr.regs[idx] }
		case vlGReg:
			idx := l.idx
			return func(m *machine) val { return m.gregs[idx] }
		}
		return m.compileLoad(m.compileLval(c, e), m.scalarKind(e.V.Type))
	case *ir.Deref, *ir.Field, *ir.Index:
		return m.compileLoad(m.compileLval(c, e), m.scalarKind(e.Type()))
	case *ir.AddrOf:
		lv := m.compileLval(c, e.X)
		switch lv.st {
		case vlGMem:
			v := val{obj: lv.obj, bits: uint64(lv.off)}
			return func(m *machine) val { return v }
		}
		f := lv.fn
		return func(m *machine) val { l := f(m); return val{obj: l.obj, bits: uint64(l.off)} }
	case *ir.FuncAddr:
		v := val{obj: m.funcObject(e.F)}
		return func(m *machine) val { return v }
	case *ir.Unary:
		return narrowTo(e.T, m.compileUnary(c, e))
	case *ir.Binary:
		return narrowTo(e.T, m.compileBinary(c, e))
	case *ir.Cast:
		return narrowTo(e.T, m.compileCast(c, e))
	case *ir.Cond:
		cond := m.compileCond(c, e.C)
		x := m.compileExpr(c, e.X)
		y := m.compileExpr(c, e.Y)
		return func(m *machine) val {
			if cond(m) {
				return x(m)
			}
			return y(m)
		}
	case *ir.Valid:
		p, n, write := m.compileExpr(c, e.P), e.N, e.Write
		return func(m *machine) val {
			if v := p(m); valid(v.obj, int64(v.bits), n) && (!write || !v.obj.ro) {
				return val{bits: 1}
			}
			return val{}
		}
	case *ir.Freeable:
		p := m.compileExpr(c, e.P)
		return func(m *machine) val {
			if freeable(p(m)) {
				return val{bits: 1}
			}
			return val{}
		}
	case *ir.Nondet:
		t, why := e.T, e.Name
		k := m.scalarKind(t)
		return narrowTo(t, func(m *machine) val {
			return m.valFromBytes(k, m.input(t, why, m.curPos(), true))
		})
	}
	m.fail("malformed IR: unknown expression %T", e)
	return nil
}

func (m *machine) scalarKind(t ir.Type) skind {
	k := kindOf(t)
	if k == kAgg || k == kVoid || k == kNone {
		m.fail("malformed IR: value of type %s used as a scalar", t)
	}
	return k
}

func (m *machine) compileUnary(c *cfunc, e *ir.Unary) evalFn {
	if e.Op == ir.LNot {
		cond := m.compileCond(c, e.X)
		return func(m *machine) val {
			if cond(m) {
				return val{}
			}
			return val{bits: 1}
		}
	}
	x := m.compileExpr(c, e.X)
	k := m.scalarKind(e.T)
	switch k {
	case kF80:
		if e.Op == ir.Neg {
			// FCHS: the sign flips, a NaN's too.
			return func(m *machine) val { f := f80(x(m)); f.SE ^= 0x8000; return vf80(f) }
		}
	case kF32, kF64:
		if e.Op == ir.Neg {
			sign := uint64(1) << 63
			if k == kF32 {
				sign = 1 << 31
			}
			return func(m *machine) val { v := x(m); return val{bits: v.bits ^ sign} }
		}
	case kPtr:
	default:
		if f := intGen(k, func(t intOps) evalFn { return t.unary(e.Op, x) }); f != nil {
			return f
		}
	}
	m.fail("malformed IR: unary %s on %s", e.Op, e.T)
	return nil
}

// intOps dispatches generic integer code by kind.
type intOps interface {
	unary(op ir.UnOp, x evalFn) evalFn
	arith(op ir.BinOp, x, y evalFn) evalFn
	arithC(op ir.BinOp, x evalFn, c uint64) evalFn
	shiftC(op ir.BinOp, x evalFn, c uint64) evalFn
	cast(x evalFn) evalFn
	cmp(op ir.BinOp, x, y evalFn) condFn
	cmpC(op ir.BinOp, x evalFn, c uint64) condFn
}

type ops[T integer] struct{}

func (ops[T]) unary(op ir.UnOp, x evalFn) evalFn     { return intUnary[T](op, x) }
func (ops[T]) arith(op ir.BinOp, x, y evalFn) evalFn { return arith[T](op, x, y) }
func (ops[T]) arithC(op ir.BinOp, x evalFn, c uint64) evalFn {
	return arithC[T](op, x, T(c))
}
func (ops[T]) shiftC(op ir.BinOp, x evalFn, c uint64) evalFn { return shiftC[T](op, x, c) }
func (ops[T]) cast(x evalFn) evalFn                          { return castInt[T](x) }
func (ops[T]) cmp(op ir.BinOp, x, y evalFn) condFn           { return cmpInt[T](op, x, y) }
func (ops[T]) cmpC(op ir.BinOp, x evalFn, c uint64) condFn {
	return cmpIntC[T](op, x, T(c))
}

func opsOf(k skind) intOps {
	switch k {
	case kI8:
		return ops[int8]{}
	case kU8:
		return ops[uint8]{}
	case kI16:
		return ops[int16]{}
	case kU16:
		return ops[uint16]{}
	case kI32:
		return ops[int32]{}
	case kU32:
		return ops[uint32]{}
	case kI64:
		return ops[int64]{}
	case kU64:
		return ops[uint64]{}
	}
	return nil
}

func intGen[R any](k skind, f func(intOps) R) R {
	o := opsOf(k)
	if o == nil {
		var zero R
		return zero
	}
	return f(o)
}

func constOf(e ir.Expr) (uint64, bool) {
	if k, ok := e.(*ir.Const); ok {
		if kk := kindOf(k.T); isIntKind(kk) {
			return canonOf(k.T, k.Bits), true
		}
	}
	return 0, false
}

func (m *machine) compileBinary(c *cfunc, e *ir.Binary) evalFn {
	switch e.Op {
	case ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge, ir.LAnd, ir.LOr:
		cond := m.compileCond(c, e)
		return func(m *machine) val {
			if cond(m) {
				return val{bits: 1}
			}
			return val{}
		}
	case ir.PtrAdd:
		return m.compilePtrAdd(c, e)
	case ir.PtrSub:
		return m.compilePtrSub(c, e)
	}
	k := m.scalarKind(e.T)
	x := m.compileExpr(c, e.X)
	switch k {
	case kF32, kF64, kF80:
		y := m.compileExpr(c, e.Y)
		var f evalFn
		switch k {
		case kF32:
			f = farith32(e.Op, x, y)
		case kF64:
			f = farith64(e.Op, x, y)
		default:
			f = farith80(e.Op, x, y)
		}
		if f == nil {
			m.fail("malformed IR: %s on %s", e.Op, e.T)
		}
		return f
	case kI128:
		return func(m *machine) val { m.fail("unsupported 128-bit arithmetic"); return val{} }
	case kPtr:
		m.fail("malformed IR: %s on pointers", e.Op)
	}
	o := opsOf(k)
	if o == nil {
		m.fail("malformed IR: %s on %s", e.Op, e.T)
	}
	if cv, ok := constOf(e.Y); ok {
		if e.Op == ir.Shl || e.Op == ir.Shr {
			if f := o.shiftC(e.Op, x, cv); f != nil {
				return f
			}
		} else if f := o.arithC(e.Op, x, cv); f != nil {
			return f
		}
	}
	f := o.arith(e.Op, x, m.compileExpr(c, e.Y))
	if f == nil {
		m.fail("malformed IR: %s on %s", e.Op, e.T)
	}
	return f
}

func elemSize(t ir.Type) int64 {
	pt, ok := t.(*ir.PointerType)
	if !ok {
		return 1
	}
	if _, ok := pt.Elem.(ir.VoidType); ok {
		return 1
	}
	if _, ok := pt.Elem.(*ir.FuncType); ok {
		return 1
	}
	return pt.Elem.Size()
}

func (m *machine) compilePtrAdd(c *cfunc, e *ir.Binary) evalFn {
	p := m.compileExpr(c, e.X)
	esz := elemSize(e.X.Type())
	if kindOf(e.X.Type()) != kPtr {
		m.fail("malformed IR: pointer addition to %s", e.X.Type())
	}
	if !isIntKind(kindOf(e.Y.Type())) {
		m.fail("malformed IR: pointer addition of %s", e.Y.Type())
	}
	narrow := m.pw == 4
	if cv, ok := constOf(e.Y); ok {
		d := cv * uint64(esz)
		if narrow {
			d = uint64(int64(int32(d)))
		}
		return func(m *machine) val { v := p(m); v.bits += d; return v }
	}
	y := m.compileExpr(c, e.Y)
	return func(m *machine) val {
		v := p(m)
		d := y(m).bits * uint64(esz)
		if narrow {
			d = uint64(int64(int32(d)))
		}
		v.bits += d
		return v
	}
}

func (m *machine) compilePtrSub(c *cfunc, e *ir.Binary) evalFn {
	x := m.compileExpr(c, e.X)
	y := m.compileExpr(c, e.Y)
	esz := elemSize(e.X.Type())
	if esz <= 0 {
		esz = 1
	}
	rk := m.scalarKind(e.T)
	return func(m *machine) val {
		a, b := x(m), y(m)
		if a.obj != b.obj {
			m.fail("subtraction of pointers to different objects (%s and %s)", a.obj.name(), b.obj.name())
		}
		d := int64(a.bits - b.bits)
		if m.pw == 4 {
			d = int64(int32(d))
		}
		return val{bits: canon(rk, uint64(d/esz))}
	}
}
