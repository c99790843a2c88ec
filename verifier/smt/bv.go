package smt

import (
	"fmt"
	"math/big"
)

// BVConst returns the constant v (its width is v's width).
func (b *Builder) BVConst(v BitVec) *Term {
	if v.w == 0 {
		panic("smt: invalid BitVec")
	}
	if v.w > 64 && v.big == nil {
		v = BitVec{w: v.w, big: new(big.Int).SetUint64(v.lo)}
	}
	return b.mk(OpConst, b.bvSort(v.w), nil, 0, 0, RNE, "", v)
}

// BVUint returns the w-bit constant v mod 2^w.
func (b *Builder) BVUint(w int, v uint64) *Term { return b.BVConst(NewBitVec(w, v)) }

// BVInt returns the w-bit two's complement constant v.
func (b *Builder) BVInt(w int, v int64) *Term { return b.BVConst(BitVecFromInt64(w, v)) }

// BVBig returns the w-bit constant v mod 2^w (two's complement if negative).
func (b *Builder) BVBig(w int, v *big.Int) *Term { return b.BVConst(BitVecFromBig(w, v)) }

func (b *Builder) zero(w int) *Term { return b.BVConst(NewBitVec(w, 0)) }
func (b *Builder) ones(w int) *Term { return b.BVConst(NewBitVec(w, 0).onesLike()) }

func (b *Builder) checkBV(op string, ts ...*Term) {
	for _, t := range ts {
		if t.sort.kind != KindBV || t.sort != ts[0].sort {
			sortPanic(op, ts...)
		}
	}
}

func constOf(t *Term) (BitVec, bool) { return t.BVConst() }

// BVNeg is two's complement negation.
func (b *Builder) BVNeg(x *Term) *Term {
	b.checkBV("bvneg", x)
	if b.simplify {
		if c, ok := constOf(x); ok {
			return b.BVConst(c.bvNeg())
		}
		if x.op == OpBVNeg {
			return x.args[0]
		}
	}
	return b.mk1(OpBVNeg, x.sort, x)
}

// BVNot is bitwise complement.
func (b *Builder) BVNot(x *Term) *Term {
	b.checkBV("bvnot", x)
	if b.simplify {
		if c, ok := constOf(x); ok {
			return b.BVConst(c.bvNot())
		}
		if x.op == OpBVNot {
			return x.args[0]
		}
	}
	return b.mk1(OpBVNot, x.sort, x)
}

// commute orders the operands of a commutative operator: a constant goes
// second, otherwise the smaller ID goes first.
func commute(x, y *Term) (*Term, *Term) {
	if x.op == OpConst || (y.op != OpConst && y.id < x.id) {
		return y, x
	}
	return x, y
}

// BVAdd is addition modulo 2^w.
func (b *Builder) BVAdd(x, y *Term) *Term {
	b.checkBV("bvadd", x, y)
	if b.simplify {
		x, y = commute(x, y)
		cx, okx := constOf(x)
		cy, oky := constOf(y)
		switch {
		case okx && oky:
			return b.BVConst(cx.bvAdd(cy))
		case oky && cy.IsZero():
			return x
		case oky && x.op == OpBVAdd:
			// (z + k) + c = z + (k + c): keeps base+offset chains flat,
			// which is what pointer arithmetic produces.
			if k, ok := constOf(x.args[1]); ok {
				return b.BVAdd(x.args[0], b.BVConst(k.bvAdd(cy)))
			}
		}
	}
	return b.mk2(OpBVAdd, x.sort, x, y)
}

// BVSub is subtraction modulo 2^w.
func (b *Builder) BVSub(x, y *Term) *Term {
	b.checkBV("bvsub", x, y)
	if b.simplify {
		cx, okx := constOf(x)
		cy, oky := constOf(y)
		switch {
		case okx && oky:
			return b.BVConst(cx.bvSub(cy))
		case x == y:
			return b.zero(x.sort.width)
		case oky:
			// x - c = x + (-c), so that offsets fold with BVAdd's rules.
			return b.BVAdd(x, b.BVConst(cy.bvNeg()))
		case okx && cx.IsZero():
			return b.BVNeg(y)
		}
	}
	return b.mk2(OpBVSub, x.sort, x, y)
}

// BVMul is multiplication modulo 2^w.
func (b *Builder) BVMul(x, y *Term) *Term {
	b.checkBV("bvmul", x, y)
	if b.simplify {
		x, y = commute(x, y)
		cx, okx := constOf(x)
		cy, oky := constOf(y)
		switch {
		case okx && oky:
			return b.BVConst(cx.bvMul(cy))
		case oky && cy.IsZero():
			return y
		case oky && cy.IsOne():
			return x
		case oky && x.op == OpBVMul:
			if k, ok := constOf(x.args[1]); ok {
				return b.BVMul(x.args[0], b.BVConst(k.bvMul(cy)))
			}
		}
	}
	return b.mk2(OpBVMul, x.sort, x, y)
}

// BVUDiv is unsigned division; x / 0 is all ones (SMT-LIB).
func (b *Builder) BVUDiv(x, y *Term) *Term {
	b.checkBV("bvudiv", x, y)
	if b.simplify {
		cx, okx := constOf(x)
		cy, oky := constOf(y)
		switch {
		case okx && oky:
			return b.BVConst(cx.bvUDiv(cy))
		case oky && cy.IsZero():
			return b.ones(x.sort.width)
		case oky && cy.IsOne():
			return x
		case okx && cx.IsZero():
			// 0 / y is 0 for y ≠ 0 and all ones for y = 0.
			return b.Ite(b.Eq(y, x), b.ones(x.sort.width), x)
		}
	}
	return b.mk2(OpBVUDiv, x.sort, x, y)
}

// BVURem is unsigned remainder; x % 0 is x (SMT-LIB).
func (b *Builder) BVURem(x, y *Term) *Term {
	b.checkBV("bvurem", x, y)
	if b.simplify {
		cx, okx := constOf(x)
		cy, oky := constOf(y)
		switch {
		case okx && oky:
			return b.BVConst(cx.bvURem(cy))
		case oky && cy.IsZero():
			return x
		case oky && cy.IsOne():
			return b.zero(x.sort.width)
		case okx && cx.IsZero():
			return x
		case x == y:
			// x % x is 0, and x % 0 = x = 0 too.
			return b.zero(x.sort.width)
		}
	}
	return b.mk2(OpBVURem, x.sort, x, y)
}

// BVSDiv is signed division truncating toward zero; x / 0 is 1 if x < 0 and
// -1 otherwise, MIN / -1 is MIN (SMT-LIB).
func (b *Builder) BVSDiv(x, y *Term) *Term {
	b.checkBV("bvsdiv", x, y)
	if b.simplify {
		cx, okx := constOf(x)
		cy, oky := constOf(y)
		switch {
		case okx && oky:
			return b.BVConst(cx.bvSDiv(cy))
		case oky && cy.IsOne():
			return x
		}
	}
	return b.mk2(OpBVSDiv, x.sort, x, y)
}

// BVSRem is signed remainder with the sign of the dividend; x % 0 is x
// (SMT-LIB).
func (b *Builder) BVSRem(x, y *Term) *Term {
	b.checkBV("bvsrem", x, y)
	if b.simplify {
		cx, okx := constOf(x)
		cy, oky := constOf(y)
		switch {
		case okx && oky:
			return b.BVConst(cx.bvSRem(cy))
		case oky && cy.IsZero():
			return x
		case oky && (cy.IsOne() || cy.IsOnes()):
			// Remainder by ±1 is 0 (MIN % -1 included).
			return b.zero(x.sort.width)
		case okx && cx.IsZero():
			return x
		}
	}
	return b.mk2(OpBVSRem, x.sort, x, y)
}

func (b *Builder) shift(op Op, name string, x, y *Term, fold func(BitVec, BitVec) BitVec) *Term {
	b.checkBV(name, x, y)
	if b.simplify {
		cx, okx := constOf(x)
		cy, oky := constOf(y)
		switch {
		case okx && oky:
			return b.BVConst(fold(cx, cy))
		case oky && cy.IsZero():
			return x
		case okx && cx.IsZero():
			return x // 0 shifted either way, sign fill included, is 0
		case okx && op == OpBVAShr && cx.IsOnes():
			return x
		case oky && !shiftInRange(cy, x.sort.width):
			if op != OpBVAShr {
				return b.zero(x.sort.width)
			}
			w := x.sort.width
			return b.SignExt(w-1, b.Extract(w-1, w-1, x))
		}
	}
	return b.mk2(op, x.sort, x, y)
}

// BVShl shifts left; shifting by the width or more gives 0.
func (b *Builder) BVShl(x, y *Term) *Term {
	return b.shift(OpBVShl, "bvshl", x, y, BitVec.bvShl)
}

// BVLShr shifts right filling with zeros; by the width or more gives 0.
func (b *Builder) BVLShr(x, y *Term) *Term {
	return b.shift(OpBVLShr, "bvlshr", x, y, BitVec.bvLShr)
}

// BVAShr shifts right filling with the sign bit; by the width or more gives
// all sign bits.
func (b *Builder) BVAShr(x, y *Term) *Term {
	return b.shift(OpBVAShr, "bvashr", x, y, BitVec.bvAShr)
}

func shiftInRange(amount BitVec, w int) bool {
	return amount.FitsUint64() && amount.Uint64() < uint64(w)
}

func isNotOf(x, y *Term) bool {
	return (x.op == OpBVNot && x.args[0] == y) || (y.op == OpBVNot && y.args[0] == x)
}

// BVAnd is bitwise and.
func (b *Builder) BVAnd(x, y *Term) *Term {
	b.checkBV("bvand", x, y)
	if b.simplify {
		x, y = commute(x, y)
		cx, okx := constOf(x)
		cy, oky := constOf(y)
		switch {
		case okx && oky:
			return b.BVConst(cx.bvAnd(cy))
		case oky && cy.IsZero():
			return y
		case oky && cy.IsOnes():
			return x
		case x == y:
			return x
		case isNotOf(x, y):
			return b.zero(x.sort.width)
		}
	}
	return b.mk2(OpBVAnd, x.sort, x, y)
}

// BVOr is bitwise or.
func (b *Builder) BVOr(x, y *Term) *Term {
	b.checkBV("bvor", x, y)
	if b.simplify {
		x, y = commute(x, y)
		cx, okx := constOf(x)
		cy, oky := constOf(y)
		switch {
		case okx && oky:
			return b.BVConst(cx.bvOr(cy))
		case oky && cy.IsZero():
			return x
		case oky && cy.IsOnes():
			return y
		case x == y:
			return x
		case isNotOf(x, y):
			return b.ones(x.sort.width)
		}
	}
	return b.mk2(OpBVOr, x.sort, x, y)
}

// BVXor is bitwise exclusive or.
func (b *Builder) BVXor(x, y *Term) *Term {
	b.checkBV("bvxor", x, y)
	if b.simplify {
		x, y = commute(x, y)
		cx, okx := constOf(x)
		cy, oky := constOf(y)
		switch {
		case okx && oky:
			return b.BVConst(cx.bvXor(cy))
		case oky && cy.IsZero():
			return x
		case oky && cy.IsOnes():
			return b.BVNot(x)
		case x == y:
			return b.zero(x.sort.width)
		case isNotOf(x, y):
			return b.ones(x.sort.width)
		}
	}
	return b.mk2(OpBVXor, x.sort, x, y)
}

// BVUlt is unsigned <.
func (b *Builder) BVUlt(x, y *Term) *Term {
	b.checkBV("bvult", x, y)
	if b.simplify {
		cx, okx := constOf(x)
		cy, oky := constOf(y)
		switch {
		case okx && oky:
			return b.BoolConst(cx.ucmp(cy) < 0)
		case x == y:
			return b.fls
		case oky && cy.IsZero(), okx && cx.IsOnes():
			return b.fls
		case okx && cx.IsZero():
			return b.Not(b.Eq(y, x))
		}
	}
	return b.mk2(OpBVUlt, b.boolSort, x, y)
}

// BVUle is unsigned <=.
func (b *Builder) BVUle(x, y *Term) *Term {
	b.checkBV("bvule", x, y)
	if b.simplify {
		cx, okx := constOf(x)
		cy, oky := constOf(y)
		switch {
		case okx && oky:
			return b.BoolConst(cx.ucmp(cy) <= 0)
		case x == y:
			return b.tru
		case okx && cx.IsZero(), oky && cy.IsOnes():
			return b.tru
		case oky && cy.IsZero():
			return b.Eq(x, y)
		}
	}
	return b.mk2(OpBVUle, b.boolSort, x, y)
}

// BVSlt is signed <.
func (b *Builder) BVSlt(x, y *Term) *Term {
	b.checkBV("bvslt", x, y)
	if b.simplify {
		cx, okx := constOf(x)
		cy, oky := constOf(y)
		switch {
		case okx && oky:
			return b.BoolConst(cx.scmp(cy) < 0)
		case x == y:
			return b.fls
		}
	}
	return b.mk2(OpBVSlt, b.boolSort, x, y)
}

// BVSle is signed <=.
func (b *Builder) BVSle(x, y *Term) *Term {
	b.checkBV("bvsle", x, y)
	if b.simplify {
		cx, okx := constOf(x)
		cy, oky := constOf(y)
		switch {
		case okx && oky:
			return b.BoolConst(cx.scmp(cy) <= 0)
		case x == y:
			return b.tru
		}
	}
	return b.mk2(OpBVSle, b.boolSort, x, y)
}

// BVUgt is unsigned >, built as BVUlt(y, x).
func (b *Builder) BVUgt(x, y *Term) *Term { return b.BVUlt(y, x) }

// BVUge is unsigned >=, built as BVUle(y, x).
func (b *Builder) BVUge(x, y *Term) *Term { return b.BVUle(y, x) }

// BVSgt is signed >, built as BVSlt(y, x).
func (b *Builder) BVSgt(x, y *Term) *Term { return b.BVSlt(y, x) }

// BVSge is signed >=, built as BVSle(y, x).
func (b *Builder) BVSge(x, y *Term) *Term { return b.BVSle(y, x) }

// Concat puts hi above lo.
func (b *Builder) Concat(hi, lo *Term) *Term {
	if hi.sort.kind != KindBV || lo.sort.kind != KindBV {
		sortPanic("concat", hi, lo)
	}
	w := hi.sort.width + lo.sort.width
	checkWidth(w)
	if b.simplify {
		ch, okh := constOf(hi)
		cl, okl := constOf(lo)
		if okh && okl {
			return b.BVConst(ch.concat(cl))
		}
		// Adjacent slices of one term join again: storing an int byte by
		// byte and loading it back gives the int, not four extracts.
		if r := b.joinExtracts(hi, lo); r != nil {
			return r
		}
		if lo.op == OpConcat {
			if r := b.joinExtracts(hi, lo.args[0]); r != nil {
				return b.Concat(r, lo.args[1])
			}
		}
		if hi.op == OpConcat {
			if r := b.joinExtracts(hi.args[1], lo); r != nil {
				return b.Concat(hi.args[0], r)
			}
		}
	}
	return b.mk2(OpConcat, b.bvSort(w), hi, lo)
}

// joinExtracts returns x[h:m+1] ++ x[m:l] as x[h:l], or nil.
func (b *Builder) joinExtracts(hi, lo *Term) *Term {
	if hi.op != OpExtract || lo.op != OpExtract || hi.args[0] != lo.args[0] {
		return nil
	}
	if hi.idx[1] != lo.idx[0]+1 {
		return nil
	}
	return b.Extract(hi.idx[0], lo.idx[1], hi.args[0])
}

// Extract returns bits hi..lo of x (0 <= lo <= hi < width).
func (b *Builder) Extract(hi, lo int, x *Term) *Term {
	if x.sort.kind != KindBV || lo < 0 || hi < lo || hi >= x.sort.width {
		panic(fmt.Sprintf("smt: extract [%d:%d] of %s", hi, lo, x.sort.key))
	}
	if b.simplify {
		if lo == 0 && hi == x.sort.width-1 {
			return x
		}
		if c, ok := constOf(x); ok {
			return b.BVConst(c.extract(hi, lo))
		}
		switch x.op {
		case OpExtract:
			l2 := x.idx[1]
			return b.Extract(hi+l2, lo+l2, x.args[0])
		case OpConcat:
			h, l := x.args[0], x.args[1]
			wl := l.sort.width
			switch {
			case hi < wl:
				return b.Extract(hi, lo, l)
			case lo >= wl:
				return b.Extract(hi-wl, lo-wl, h)
			default:
				return b.Concat(b.Extract(hi-wl, 0, h), b.Extract(wl-1, lo, l))
			}
		case OpZeroExt:
			y := x.args[0]
			wy := y.sort.width
			switch {
			case hi < wy:
				return b.Extract(hi, lo, y)
			case lo >= wy:
				return b.zero(hi - lo + 1)
			default:
				return b.ZeroExt(hi-wy+1, b.Extract(wy-1, lo, y))
			}
		case OpSignExt:
			y := x.args[0]
			wy := y.sort.width
			switch {
			case hi < wy:
				return b.Extract(hi, lo, y)
			case lo >= wy:
				// Every selected bit is a copy of the sign bit.
				return b.SignExt(hi-lo, b.Extract(wy-1, wy-1, y))
			default:
				return b.SignExt(hi-wy+1, b.Extract(wy-1, lo, y))
			}
		}
	}
	return b.mk(OpExtract, b.bvSort(hi-lo+1), []*Term{x}, hi, lo, RNE, "", BitVec{})
}

// ZeroExt prepends n zero bits.
func (b *Builder) ZeroExt(n int, x *Term) *Term {
	if x.sort.kind != KindBV || n < 0 {
		panic(fmt.Sprintf("smt: zero_extend %d of %s", n, x.sort.key))
	}
	if n == 0 {
		return x
	}
	w := x.sort.width + n
	checkWidth(w)
	if b.simplify {
		if c, ok := constOf(x); ok {
			return b.BVConst(c.zext(n))
		}
		if x.op == OpZeroExt {
			return b.ZeroExt(n+x.idx[0], x.args[0])
		}
	}
	return b.mk(OpZeroExt, b.bvSort(w), []*Term{x}, n, 0, RNE, "", BitVec{})
}

// SignExt prepends n copies of the sign bit.
func (b *Builder) SignExt(n int, x *Term) *Term {
	if x.sort.kind != KindBV || n < 0 {
		panic(fmt.Sprintf("smt: sign_extend %d of %s", n, x.sort.key))
	}
	if n == 0 {
		return x
	}
	w := x.sort.width + n
	checkWidth(w)
	if b.simplify {
		if c, ok := constOf(x); ok {
			return b.BVConst(c.sext(n))
		}
		if x.op == OpSignExt {
			return b.SignExt(n+x.idx[0], x.args[0])
		}
		if x.op == OpZeroExt {
			// The sign bit of a zero extension is 0.
			return b.ZeroExt(n+x.idx[0], x.args[0])
		}
	}
	return b.mk(OpSignExt, b.bvSort(w), []*Term{x}, n, 0, RNE, "", BitVec{})
}
