package symex

import (
	"math/big"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
)

func (x *executor) intT() *ir.IntType { return x.std.Int }

// boolToInt is C's 0/1 truth value as an int term.
func (x *executor) boolToInt(c *smt.Term) *smt.Term {
	return x.b.Ite(c, x.b.BVUint(32, 1), x.b.BVUint(32, 0))
}

// truth is the Boolean "v != 0" of a scalar term, seeing through the
// ite(c, 1, 0) that comparisons produce.
func (x *executor) truth(v *smt.Term) *smt.Term {
	if v.Sort().IsBool() {
		return v
	}
	if v.Op() == smt.OpIte {
		a, aok := v.Arg(1).BVConst()
		b, bok := v.Arg(2).BVConst()
		if aok && bok {
			switch {
			case !a.IsZero() && b.IsZero():
				return v.Arg(0)
			case a.IsZero() && !b.IsZero():
				return x.b.Not(v.Arg(0))
			}
		}
	}
	if v.Sort().IsFP() {
		return x.b.Not(x.b.FPIsZero(v))
	}
	return x.b.Not(x.b.Eq(v, x.b.BVUint(v.Sort().Width(), 0)))
}

// cond is the truth of scalar expression e.
func (x *executor) cond(st *state, fr *frame, e ir.Expr) *smt.Term {
	v := x.eval(st, fr, e)
	if isLongDouble(e.Type()) {
		return x.b.Not(x.b.FPIsZero(x.ldValue(v)))
	}
	return x.truth(v)
}

// eval evaluates a scalar expression.
func (x *executor) eval(st *state, fr *frame, e ir.Expr) *smt.Term {
	switch e := e.(type) {
	case *ir.Const:
		switch t := e.T.(type) {
		case *ir.IntType:
			return x.b.BVUint(t.Bits, e.Bits)
		case *ir.PointerType:
			return x.b.BVUint(x.ptrW, e.Bits)
		}
		x.fatal("constant of type %s", e.T)
	case *ir.FloatConst:
		switch e.T.Bits {
		case 32:
			return x.b.FPConst32(float32(e.V))
		case 80:
			var b [10]byte
			e.X.PutBytes(b[:])
			return x.fromBytes(e.T, b[:])
		}
		return x.b.FPConst64(e.V)
	case *ir.VarRef, *ir.Deref, *ir.Field, *ir.Index:
		if !ir.IsScalar(e.Type()) {
			x.fatal("aggregate %s in value position", ir.ExprString(e))
		}
		return x.load(st, fr, e)
	case *ir.AddrOf:
		return x.addr(st, fr, e.X)
	case *ir.FuncAddr:
		return x.objPtr(x.funcObject(e.F), x.b.BVUint(x.offW, 0))
	case *ir.Unary:
		if e.Op == ir.LNot {
			return x.boolToInt(x.b.Not(x.cond(st, fr, e.X)))
		}
		v := x.eval(st, fr, e.X)
		switch e.Op {
		case ir.Neg:
			if isLongDouble(e.T) {
				// FCHS flips the sign bit of any encoding, a NaN's too.
				return x.b.BVXor(v, x.b.BVConst(smt.BitVecFromBig(80, new(big.Int).Lsh(big.NewInt(1), 79))))
			}
			if v.Sort().IsFP() {
				return x.b.FPNeg(v)
			}
			return x.b.BVNeg(v)
		case ir.BNot:
			return x.b.BVNot(v)
		}
	case *ir.Binary:
		return x.binary(st, fr, e)
	case *ir.Cast:
		return x.cast(x.eval(st, fr, e.X), e.X.Type(), e.T)
	case *ir.Cond:
		c := x.cond(st, fr, e.C)
		return x.b.Ite(c, x.eval(st, fr, e.X), x.eval(st, fr, e.Y))
	case *ir.Valid:
		return x.boolToInt(x.valid(st, x.eval(st, fr, e.P), e.N, e.Write))
	case *ir.Freeable:
		return x.boolToInt(x.freeable(st, x.eval(st, fr, e.P)))
	case *ir.Nondet:
		x.fatal("nondet inside an expression")
	}
	x.fatal("cannot evaluate %s", ir.ExprString(e))
	return nil
}

func signedType(t ir.Type) bool {
	it, ok := t.(*ir.IntType)
	return ok && it.Signed
}

func (x *executor) binary(st *state, fr *frame, e *ir.Binary) *smt.Term {
	switch e.Op {
	case ir.LAnd:
		a := x.cond(st, fr, e.X)
		b := x.cond(st, fr, e.Y)
		return x.boolToInt(x.b.And(a, b))
	case ir.LOr:
		a := x.cond(st, fr, e.X)
		b := x.cond(st, fr, e.Y)
		return x.boolToInt(x.b.Or(a, b))
	}
	a := x.eval(st, fr, e.X)
	b := x.eval(st, fr, e.Y)
	xt := e.X.Type()
	if isLongDouble(xt) {
		r := x.floatBinary(e.Op, x.ldValue(a), x.ldValue(b))
		if r.Sort().IsFP() {
			return x.ldBits(r)
		}
		return r
	}
	if _, ok := xt.(*ir.FloatType); ok {
		return x.floatBinary(e.Op, a, b)
	}
	signed := signedType(xt)
	switch e.Op {
	case ir.Add, ir.Sub, ir.Mul, ir.Div, ir.Rem, ir.And, ir.Or, ir.Xor:
		return x.bvOp(e.Op, a, b, signed)
	case ir.Shl, ir.Shr:
		return x.shift(e.Op, a, b, xt.(*ir.IntType), e.Y.Type().(*ir.IntType))
	case ir.Eq:
		return x.boolToInt(x.b.Eq(a, b))
	case ir.Ne:
		return x.boolToInt(x.b.Not(x.b.Eq(a, b)))
	case ir.Lt, ir.Le, ir.Gt, ir.Ge:
		if _, ok := xt.(*ir.PointerType); ok {
			// Within one object by signed offset, as the interpreter
			// compares: a pointer moved before its object's start
			// (matchstar's text-- past prepoint) is below it, not a
			// huge unsigned offset above.
			same := x.b.Eq(x.ptrObj(a), x.ptrObj(b))
			return x.boolToInt(x.b.Ite(same, x.bvOp(e.Op, x.ptrOff(a), x.ptrOff(b), true), x.bvOp(e.Op, a, b, false)))
		}
		return x.boolToInt(x.bvOp(e.Op, a, b, signed))
	case ir.PtrAdd:
		size := elemSize(xt)
		i := x.toOffset(b, e.Y.Type())
		return x.ptrAdd(a, x.b.BVMul(i, x.b.BVUint(x.offW, uint64(size))))
	case ir.PtrSub:
		size := elemSize(xt)
		d := x.b.BVSub(x.ptrOff(a), x.ptrOff(b))
		d = x.resize(d, x.offW, x.ptrW, true)
		if size != 1 {
			d = x.b.BVSDiv(d, x.b.BVUint(x.ptrW, uint64(size)))
		}
		rt := e.T.(*ir.IntType)
		return x.resize(d, x.ptrW, rt.Bits, true)
	}
	x.fatal("operator %s", e.Op)
	return nil
}

func elemSize(t ir.Type) int64 {
	pt := t.(*ir.PointerType)
	switch pt.Elem.(type) {
	case ir.VoidType, *ir.FuncType:
		return 1
	}
	if s := pt.Elem.Size(); s > 0 {
		return s
	}
	return 1
}

// bvOps are the bit-vector terms of the IR's integer operators:
// [0] on unsigned operands, [1] on signed ones.
var bvOps = map[ir.BinOp][2]func(*smt.Builder, *smt.Term, *smt.Term) *smt.Term{
	ir.Add: {(*smt.Builder).BVAdd, (*smt.Builder).BVAdd},
	ir.Sub: {(*smt.Builder).BVSub, (*smt.Builder).BVSub},
	ir.Mul: {(*smt.Builder).BVMul, (*smt.Builder).BVMul},
	ir.Div: {(*smt.Builder).BVUDiv, (*smt.Builder).BVSDiv},
	ir.Rem: {(*smt.Builder).BVURem, (*smt.Builder).BVSRem},
	ir.And: {(*smt.Builder).BVAnd, (*smt.Builder).BVAnd},
	ir.Or:  {(*smt.Builder).BVOr, (*smt.Builder).BVOr},
	ir.Xor: {(*smt.Builder).BVXor, (*smt.Builder).BVXor},
	ir.Lt:  {(*smt.Builder).BVUlt, (*smt.Builder).BVSlt},
	ir.Le:  {(*smt.Builder).BVUle, (*smt.Builder).BVSle},
	ir.Gt:  {(*smt.Builder).BVUgt, (*smt.Builder).BVSgt},
	ir.Ge:  {(*smt.Builder).BVUge, (*smt.Builder).BVSge},
}

// bvOp is a op b for an integer operator (arithmetic, bitwise or a
// comparison, whose term is Boolean), signed or not.
func (x *executor) bvOp(op ir.BinOp, a, b *smt.Term, signed bool) *smt.Term {
	f := bvOps[op][0]
	if signed {
		f = bvOps[op][1]
	}
	return f(x.b, a, b)
}

// shift implements the IR's shifts: a count that is negative or at least
// the width gives 0 (or the sign for signed >>).
func (x *executor) shift(op ir.BinOp, a, n *smt.Term, at, nt *ir.IntType) *smt.Term {
	w := at.Bits
	var amt *smt.Term
	if nt.Bits > w {
		big := x.b.BVUge(n, x.b.BVUint(nt.Bits, uint64(w)))
		amt = x.b.Ite(big, x.b.BVUint(w, uint64(w)), x.b.Extract(w-1, 0, n))
	} else {
		amt = x.b.ZeroExt(w-nt.Bits, n)
		if nt.Bits < w {
			// A negative count of a narrower signed type is huge unsigned.
			if nt.Signed {
				neg := x.b.BVSlt(n, x.b.BVUint(nt.Bits, 0))
				amt = x.b.Ite(neg, x.b.BVUint(w, uint64(w)), amt)
			}
		}
	}
	switch {
	case op == ir.Shl:
		return x.b.BVShl(a, amt)
	case at.Signed:
		return x.b.BVAShr(a, amt)
	default:
		return x.b.BVLShr(a, amt)
	}
}

func (x *executor) floatBinary(op ir.BinOp, a, b *smt.Term) *smt.Term {
	switch op {
	case ir.Add:
		return x.b.FPAdd(a, b)
	case ir.Sub:
		return x.b.FPSub(a, b)
	case ir.Mul:
		return x.b.FPMul(a, b)
	case ir.Div:
		return x.b.FPDiv(a, b)
	case ir.Eq:
		return x.boolToInt(x.b.FPEq(a, b))
	case ir.Ne:
		return x.boolToInt(x.b.Not(x.b.FPEq(a, b)))
	case ir.Lt:
		return x.boolToInt(x.b.FPLt(a, b))
	case ir.Le:
		return x.boolToInt(x.b.FPLe(a, b))
	case ir.Gt:
		return x.boolToInt(x.b.FPGt(a, b))
	case ir.Ge:
		return x.boolToInt(x.b.FPGe(a, b))
	}
	x.fatal("operator %s on floating point", op)
	return nil
}

// cast converts v from type from to type to, as ir.Cast defines.
func (x *executor) cast(v *smt.Term, from, to ir.Type) *smt.Term {
	switch {
	case isLongDouble(from) && isLongDouble(to):
		return v
	case isLongDouble(from):
		v = x.ldValue(v)
	case isLongDouble(to):
		return x.ldBits(x.convert(v, from, to))
	}
	return x.convert(v, from, to)
}

// convert is cast on values as the solver's sorts hold them: long double
// ones too as FP(15,64).
func (x *executor) convert(v *smt.Term, from, to ir.Type) *smt.Term {
	switch tt := to.(type) {
	case *ir.IntType:
		if tt.IsBool() {
			return x.b.Ite(x.truth(v), x.b.BVUint(8, 1), x.b.BVUint(8, 0))
		}
		switch ft := from.(type) {
		case *ir.IntType:
			return x.resize(v, ft.Bits, tt.Bits, ft.Signed)
		case *ir.PointerType:
			return x.resize(v, x.ptrW, tt.Bits, false)
		case *ir.FloatType:
			// Out-of-range conversions are undefined: the solver's value
			// is unspecified, and the interpreter refuses to replay them.
			if tt.Signed {
				return x.b.FPToSBV(tt.Bits, v)
			}
			return x.b.FPToUBV(tt.Bits, v)
		}
	case *ir.PointerType:
		switch ft := from.(type) {
		case *ir.PointerType:
			return v
		case *ir.IntType:
			return x.resize(v, ft.Bits, x.ptrW, ft.Signed)
		}
	case *ir.FloatType:
		s := fpSort(tt)
		switch ft := from.(type) {
		case *ir.FloatType:
			if ft.Bits == tt.Bits {
				return v
			}
			return x.b.FPToFP(s, v)
		case *ir.IntType:
			if ft.Signed {
				return x.b.FPFromSBV(s, v)
			}
			return x.b.FPFromUBV(s, v)
		}
	}
	x.fatal("conversion from %s to %s", from, to)
	return nil
}
