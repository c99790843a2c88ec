// Package termgen builds random terms of package smt over a few free
// constants, for the tests that check the simplifier and the backends
// against a solver (verifier/smt/z3, verifier/smt/smtlib).
package termgen

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"

	"github.com/prbmc/prbmc/verifier/smt"
)

// New returns a Gen that builds in b with the choices of r.
func New(b *smt.Builder, r *rand.Rand) *Gen { return &Gen{b, r} }

// Unary and Binary are the Builder's operators by Op: the bit-vector
// ones Gen draws from, and the floating-point ones.
var Unary = map[smt.Op]func(*smt.Builder, *smt.Term) *smt.Term{
	smt.OpBVNeg: (*smt.Builder).BVNeg, smt.OpBVNot: (*smt.Builder).BVNot,
	smt.OpFPSqrt: (*smt.Builder).FPSqrt, smt.OpFPNeg: (*smt.Builder).FPNeg, smt.OpFPAbs: (*smt.Builder).FPAbs,
	smt.OpFPIsNaN: (*smt.Builder).FPIsNaN, smt.OpFPIsInf: (*smt.Builder).FPIsInf,
	smt.OpFPIsZero: (*smt.Builder).FPIsZero, smt.OpFPIsNegative: (*smt.Builder).FPIsNegative,
	smt.OpFPToBits: (*smt.Builder).FPToBits,
}

var Binary = map[smt.Op]func(*smt.Builder, *smt.Term, *smt.Term) *smt.Term{
	smt.OpBVAdd: (*smt.Builder).BVAdd, smt.OpBVSub: (*smt.Builder).BVSub, smt.OpBVMul: (*smt.Builder).BVMul,
	smt.OpBVUDiv: (*smt.Builder).BVUDiv, smt.OpBVSDiv: (*smt.Builder).BVSDiv,
	smt.OpBVURem: (*smt.Builder).BVURem, smt.OpBVSRem: (*smt.Builder).BVSRem,
	smt.OpBVShl: (*smt.Builder).BVShl, smt.OpBVLShr: (*smt.Builder).BVLShr, smt.OpBVAShr: (*smt.Builder).BVAShr,
	smt.OpBVAnd: (*smt.Builder).BVAnd, smt.OpBVOr: (*smt.Builder).BVOr, smt.OpBVXor: (*smt.Builder).BVXor,
	smt.OpBVUlt: (*smt.Builder).BVUlt, smt.OpBVUle: (*smt.Builder).BVUle,
	smt.OpBVSlt: (*smt.Builder).BVSlt, smt.OpBVSle: (*smt.Builder).BVSle,
	smt.OpFPAdd: (*smt.Builder).FPAdd, smt.OpFPSub: (*smt.Builder).FPSub,
	smt.OpFPMul: (*smt.Builder).FPMul, smt.OpFPDiv: (*smt.Builder).FPDiv,
	smt.OpFPEq: (*smt.Builder).FPEq, smt.OpFPLt: (*smt.Builder).FPLt, smt.OpFPLe: (*smt.Builder).FPLe,
}

// Gen builds random terms; it draws only from its rand, never from the
// terms it built, so two Gens with equal seeds build the same expression in
// two Builders.
type Gen struct {
	b *smt.Builder
	r *rand.Rand
}

// IdxSort is the index sort of the arrays Gen builds.
var IdxSort = smt.BVSort(8)

func (g *Gen) BVLeaf(w int) *smt.Term {
	if g.r.Intn(2) == 0 {
		return g.b.Var(fmt.Sprintf("v%d_%d", g.r.Intn(3), w), smt.BVSort(w))
	}
	switch g.r.Intn(5) {
	case 0:
		return g.b.BVUint(w, 0)
	case 1:
		return g.b.BVUint(w, 1)
	case 2:
		return g.b.BVInt(w, -1)
	case 3:
		return g.b.BVBig(w, new(big.Int).Lsh(big.NewInt(1), uint(w-1)))
	}
	return g.b.BVUint(w, g.r.Uint64())
}

func (g *Gen) BV(w, d int) *smt.Term {
	b := g.b
	if d == 0 || g.r.Intn(6) == 0 {
		return g.BVLeaf(w)
	}
	switch k := g.r.Intn(16); k {
	case 0:
		return b.BVNeg(g.BV(w, d-1))
	case 1:
		return b.BVNot(g.BV(w, d-1))
	case 2, 3, 4:
		ops := []smt.Op{smt.OpBVAdd, smt.OpBVSub, smt.OpBVAnd, smt.OpBVOr, smt.OpBVXor,
			smt.OpBVShl, smt.OpBVLShr, smt.OpBVAShr, smt.OpBVMul, smt.OpBVUDiv, smt.OpBVURem,
			smt.OpBVSDiv, smt.OpBVSRem}
		n := len(ops)
		if w > 12 {
			n -= 5 // multiplication and division get expensive for Z3
		}
		op := ops[g.r.Intn(n)]
		x := g.BV(w, d-1)
		var y *smt.Term
		switch g.r.Intn(4) {
		case 0:
			y = x // same operand: x-x, x^x, x&x, …
		case 1:
			y = b.BVUint(w, uint64(g.r.Intn(w+2)))
		case 2:
			y = b.BVNot(x)
		default:
			y = g.BV(w, d-1)
		}
		if g.r.Intn(2) == 0 {
			x, y = y, x
		}
		return Binary[op](b, x, y)
	case 5:
		return b.Ite(g.Bool(d-1), g.BV(w, d-1), g.BV(w, d-1))
	case 6, 7:
		k := g.r.Intn(9)
		lo := g.r.Intn(k + 1)
		return b.Extract(lo+w-1, lo, g.BV(w+k, d-1))
	case 8, 9:
		if w < 2 {
			return g.BVLeaf(w)
		}
		w1 := 1 + g.r.Intn(w-1)
		if g.r.Intn(3) == 0 {
			// Adjacent slices of one term, to exercise re-joining.
			x := g.BV(w, d-1)
			return b.Concat(b.Extract(w-1, w-w1, x), b.Extract(w-w1-1, 0, x))
		}
		return b.Concat(g.BV(w1, d-1), g.BV(w-w1, d-1))
	case 10:
		if w < 2 {
			return g.BVLeaf(w)
		}
		n := 1 + g.r.Intn(w-1)
		if g.r.Intn(2) == 0 {
			return b.ZeroExt(n, g.BV(w-n, d-1))
		}
		return b.SignExt(n, g.BV(w-n, d-1))
	case 11, 12:
		return b.Select(g.Array(w, d-1), g.Index(d-1))
	case 13:
		x := g.BV(w, d-1)
		return b.BVAdd(b.BVAdd(x, g.BVLeaf(w)), g.BVLeaf(w))
	}
	return g.BVLeaf(w)
}

func (g *Gen) Index(d int) *smt.Term {
	i := g.b.Var(fmt.Sprintf("i%d", g.r.Intn(2)), IdxSort)
	switch g.r.Intn(4) {
	case 0:
		return g.b.BVUint(8, uint64(g.r.Intn(4)))
	case 1:
		return i
	case 2:
		return g.b.BVAdd(i, g.b.BVUint(8, uint64(g.r.Intn(3))))
	}
	return g.BV(8, min(d, 1))
}

func (g *Gen) Array(w, d int) *smt.Term {
	as := smt.ArraySort(IdxSort, smt.BVSort(w))
	if d == 0 || g.r.Intn(4) == 0 {
		if g.r.Intn(3) == 0 {
			return g.b.ConstArray(as, g.BVLeaf(w))
		}
		return g.b.Var(fmt.Sprintf("m%d_%d", g.r.Intn(2), w), as)
	}
	a := g.Array(w, d-1)
	if g.r.Intn(5) == 0 {
		i := g.Index(d - 1)
		return g.b.Store(a, i, g.b.Select(a, i))
	}
	return g.b.Store(a, g.Index(d-1), g.BV(w, d-1))
}

func (g *Gen) Bool(d int) *smt.Term {
	b := g.b
	if d == 0 || g.r.Intn(6) == 0 {
		if g.r.Intn(4) == 0 {
			return b.BoolConst(g.r.Intn(2) == 0)
		}
		return b.Var(fmt.Sprintf("p%d", g.r.Intn(3)), smt.BoolSort())
	}
	w := []int{1, 3, 8, 16}[g.r.Intn(4)]
	switch g.r.Intn(12) {
	case 0:
		return b.Not(g.Bool(d - 1))
	case 1:
		x := g.Bool(d - 1)
		return b.And(x, g.Bool(d-1), b.Not(g.Bool(d-1)))
	case 2:
		x := g.Bool(d - 1)
		if g.r.Intn(2) == 0 {
			return b.Or(x, b.Not(x), g.Bool(d-1))
		}
		return b.Or(x, g.Bool(d-1))
	case 3:
		return b.Xor(g.Bool(d-1), g.Bool(d-1))
	case 4:
		return b.Ite(g.Bool(d-1), g.Bool(d-1), g.Bool(d-1))
	case 5:
		return b.Eq(g.Bool(d-1), g.Bool(d-1))
	case 6, 7:
		return b.Eq(g.BV(w, d-1), g.BV(w, d-1))
	case 8:
		x := g.BV(w, d-1)
		return b.Eq(b.Ite(g.Bool(d-1), g.BVLeaf(w), g.BVLeaf(w)), x)
	case 9:
		x := g.BV(w, d-1)
		return b.Eq(b.ZeroExt(4, x), b.BVUint(w+4, uint64(g.r.Intn(1<<min(w+4, 20)))))
	}
	ops := []smt.Op{smt.OpBVUlt, smt.OpBVUle, smt.OpBVSlt, smt.OpBVSle}
	x := g.BV(w, d-1)
	y := g.BV(w, d-1)
	if g.r.Intn(3) == 0 {
		y = x
	}
	return Binary[ops[g.r.Intn(4)]](b, x, y)
}

// FP builds random float terms (double only through conversions).
func (g *Gen) FP(d int) *smt.Term {
	b := g.b
	f32 := smt.Float32Sort()
	if d == 0 || g.r.Intn(5) == 0 {
		if g.r.Intn(2) == 0 {
			return b.Var(fmt.Sprintf("f%d", g.r.Intn(2)), f32)
		}
		vals := []float32{0, 1, -1, 0.5, 3, float32(math.Inf(1)), float32(math.NaN()), float32(math.Copysign(0, -1))}
		return b.FPConst32(vals[g.r.Intn(len(vals))])
	}
	switch g.r.Intn(10) {
	case 0:
		return b.FPNeg(g.FP(d - 1))
	case 1:
		return b.FPAbs(g.FP(d - 1))
	case 2:
		return b.FPAdd(g.FP(d-1), g.FP(0))
	case 3:
		return b.FPRoundToIntegral(smt.RoundingMode(g.r.Intn(5)), g.FP(d-1))
	case 4:
		return b.FPToFP(f32, b.FPToFP(smt.Float64Sort(), g.FP(d-1)))
	case 5:
		return b.FPFromBits(f32, b.FPToBits(g.FP(d-1)))
	case 6:
		return b.FPFromBits(f32, g.BV(32, 0))
	case 7:
		return b.Ite(g.FPBool(d-1), g.FP(d-1), g.FP(d-1))
	case 8:
		return b.FPFromSBV(f32, g.BV(8, 1))
	}
	return b.FPToFP(f32, b.FPConst64(0.1))
}

func (g *Gen) FPBool(d int) *smt.Term {
	b := g.b
	x := g.FP(d)
	y := g.FP(d)
	if g.r.Intn(3) == 0 {
		y = x
	}
	switch g.r.Intn(9) {
	case 0:
		return b.FPEq(x, y)
	case 1:
		return b.FPLt(x, y)
	case 2:
		return b.FPLe(x, y)
	case 3:
		return b.FPIsNaN(x)
	case 4:
		return b.FPIsInf(x)
	case 5:
		return b.FPIsZero(x)
	case 6:
		return b.FPIsNegative(x)
	case 7:
		return b.Eq(b.FPToBits(x), b.FPToBits(y))
	}
	return b.Eq(b.FPToSBV(8, x), g.BV(8, 0))
}
