package smt

import (
	"math/big"
	"math/rand"
	"testing"
)

// The reference below follows SMT-LIB's definitions literally (signed
// operations via bvudiv/bvurem and bvneg on the sign cases, ashr via
// bvnot/bvlshr), on unbounded integers, and shares no code with BitVec.

func pow2(w int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(w)) }

func norm(x *big.Int, w int) *big.Int {
	m := pow2(w)
	r := new(big.Int).Mod(x, m) // Mod is Euclidean: result in [0, m)
	return r
}

func refNeg(a *big.Int, w int) *big.Int { return norm(new(big.Int).Neg(a), w) }
func refNot(a *big.Int, w int) *big.Int {
	return new(big.Int).Sub(new(big.Int).Sub(pow2(w), big.NewInt(1)), a)
}
func msb(a *big.Int, w int) bool { return a.Bit(w-1) == 1 }

func refUDiv(a, b *big.Int, w int) *big.Int {
	if b.Sign() == 0 {
		return new(big.Int).Sub(pow2(w), big.NewInt(1))
	}
	return new(big.Int).Div(a, b)
}

func refURem(a, b *big.Int, w int) *big.Int {
	if b.Sign() == 0 {
		return new(big.Int).Set(a)
	}
	return new(big.Int).Mod(a, b)
}

func refLShr(a, b *big.Int, w int) *big.Int {
	if b.Cmp(big.NewInt(int64(w))) >= 0 {
		return new(big.Int)
	}
	return new(big.Int).Div(a, pow2(int(b.Int64())))
}

func refOp(op Op, w int, a, b *big.Int) *big.Int {
	switch op {
	case OpBVAdd:
		return norm(new(big.Int).Add(a, b), w)
	case OpBVSub:
		return norm(new(big.Int).Sub(a, b), w)
	case OpBVMul:
		return norm(new(big.Int).Mul(a, b), w)
	case OpBVUDiv:
		return refUDiv(a, b, w)
	case OpBVURem:
		return refURem(a, b, w)
	case OpBVSDiv:
		switch ms, mt := msb(a, w), msb(b, w); {
		case !ms && !mt:
			return refUDiv(a, b, w)
		case ms && !mt:
			return refNeg(refUDiv(refNeg(a, w), b, w), w)
		case !ms && mt:
			return refNeg(refUDiv(a, refNeg(b, w), w), w)
		default:
			return refUDiv(refNeg(a, w), refNeg(b, w), w)
		}
	case OpBVSRem:
		switch ms, mt := msb(a, w), msb(b, w); {
		case !ms && !mt:
			return refURem(a, b, w)
		case ms && !mt:
			return refNeg(refURem(refNeg(a, w), b, w), w)
		case !ms && mt:
			return refURem(a, refNeg(b, w), w)
		default:
			return refNeg(refURem(refNeg(a, w), refNeg(b, w), w), w)
		}
	case OpBVShl:
		if b.Cmp(big.NewInt(int64(w))) >= 0 {
			return new(big.Int)
		}
		return norm(new(big.Int).Mul(a, pow2(int(b.Int64()))), w)
	case OpBVLShr:
		return refLShr(a, b, w)
	case OpBVAShr:
		if !msb(a, w) {
			return refLShr(a, b, w)
		}
		return refNot(refLShr(refNot(a, w), b, w), w)
	case OpBVAnd:
		return new(big.Int).And(a, b)
	case OpBVOr:
		return new(big.Int).Or(a, b)
	case OpBVXor:
		return new(big.Int).Xor(a, b)
	}
	panic("no reference for " + op.String())
}

func signed(a *big.Int, w int) *big.Int {
	if msb(a, w) {
		return new(big.Int).Sub(a, pow2(w))
	}
	return a
}

func refCmp(op Op, w int, a, b *big.Int) bool {
	switch op {
	case OpBVUlt:
		return a.Cmp(b) < 0
	case OpBVUle:
		return a.Cmp(b) <= 0
	case OpBVSlt:
		return signed(a, w).Cmp(signed(b, w)) < 0
	case OpBVSle:
		return signed(a, w).Cmp(signed(b, w)) <= 0
	}
	panic("no reference for " + op.String())
}

var testWidths = []int{1, 2, 3, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 200}

// interesting returns edge values of width w plus random ones.
func interesting(w int, r *rand.Rand, n int) []*big.Int {
	m := pow2(w)
	one := big.NewInt(1)
	half := pow2(w - 1)
	vals := []*big.Int{
		big.NewInt(0), big.NewInt(1), new(big.Int).Sub(m, one), // 0, 1, -1
		half, new(big.Int).Sub(half, one), // MIN, MAX
		norm(big.NewInt(2), w), norm(big.NewInt(int64(w)), w), norm(big.NewInt(int64(w+1)), w),
		norm(big.NewInt(int64(w-1)), w), norm(big.NewInt(-2), w),
	}
	for i := 0; i < n; i++ {
		v := new(big.Int).Rand(r, m)
		if i%3 == 0 { // small magnitudes exercise shifts and divisions
			v = norm(big.NewInt(r.Int63n(300)-150), w)
		}
		vals = append(vals, v)
	}
	return vals
}

type binCtor func(b *Builder, x, y *Term) *Term

var binOps = map[Op]binCtor{
	OpBVAdd: (*Builder).BVAdd, OpBVSub: (*Builder).BVSub, OpBVMul: (*Builder).BVMul,
	OpBVUDiv: (*Builder).BVUDiv, OpBVURem: (*Builder).BVURem,
	OpBVSDiv: (*Builder).BVSDiv, OpBVSRem: (*Builder).BVSRem,
	OpBVShl: (*Builder).BVShl, OpBVLShr: (*Builder).BVLShr, OpBVAShr: (*Builder).BVAShr,
	OpBVAnd: (*Builder).BVAnd, OpBVOr: (*Builder).BVOr, OpBVXor: (*Builder).BVXor,
}

var cmpOps = map[Op]binCtor{
	OpBVUlt: (*Builder).BVUlt, OpBVUle: (*Builder).BVUle,
	OpBVSlt: (*Builder).BVSlt, OpBVSle: (*Builder).BVSle,
}

// TestFoldAgainstReference folds every binary BV operator on edge and random
// constants of many widths (both the one-word and the big.Int paths) and
// compares with the reference.
func TestFoldAgainstReference(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	b := NewBuilder()
	for _, w := range testWidths {
		vals := interesting(w, r, 12)
		for op, ctor := range binOps {
			for _, x := range vals {
				for _, y := range vals {
					got := ctor(b, b.BVBig(w, x), b.BVBig(w, y))
					c, ok := got.BVConst()
					if !ok {
						t.Fatalf("%s w=%d %v %v: not folded: %v", op, w, x, y, got)
					}
					if want := refOp(op, w, x, y); c.Big().Cmp(want) != 0 || c.Width() != w {
						t.Fatalf("%s w=%d %v %v = %v, want %v", op, w, x, y, c.Big(), want)
					}
				}
			}
		}
		for op, ctor := range cmpOps {
			for _, x := range vals {
				for _, y := range vals {
					got, ok := ctor(b, b.BVBig(w, x), b.BVBig(w, y)).BoolConst()
					if want := refCmp(op, w, x, y); !ok || got != want {
						t.Fatalf("%s w=%d %v %v = %v (folded %v), want %v", op, w, x, y, got, ok, want)
					}
				}
			}
		}
		for _, x := range vals {
			if c, _ := b.BVNeg(b.BVBig(w, x)).BVConst(); c.Big().Cmp(refNeg(x, w)) != 0 {
				t.Fatalf("bvneg w=%d %v = %v", w, x, c.Big())
			}
			if c, _ := b.BVNot(b.BVBig(w, x)).BVConst(); c.Big().Cmp(refNot(x, w)) != 0 {
				t.Fatalf("bvnot w=%d %v = %v", w, x, c.Big())
			}
			for _, n := range []int{1, 7, 64} {
				z, _ := b.ZeroExt(n, b.BVBig(w, x)).BVConst()
				if z.Width() != w+n || z.Big().Cmp(x) != 0 {
					t.Fatalf("zero_extend %d w=%d %v = %v", n, w, x, z)
				}
				s, _ := b.SignExt(n, b.BVBig(w, x)).BVConst()
				if want := norm(signed(x, w), w+n); s.Width() != w+n || s.Big().Cmp(want) != 0 {
					t.Fatalf("sign_extend %d w=%d %v = %v, want %v", n, w, x, s.Big(), want)
				}
			}
			for _, lo := range []int{0, w / 3, w - 1} {
				for _, hi := range []int{lo, (lo + w - 1) / 2, w - 1} {
					e, _ := b.Extract(hi, lo, b.BVBig(w, x)).BVConst()
					want := norm(new(big.Int).Rsh(x, uint(lo)), hi-lo+1)
					if e.Width() != hi-lo+1 || e.Big().Cmp(want) != 0 {
						t.Fatalf("extract %d %d w=%d %v = %v, want %v", hi, lo, w, x, e, want)
					}
				}
			}
			for _, w2 := range []int{1, 8, 64, 65} {
				y := norm(big.NewInt(0x5a5a5a5a5a5a5a5), w2)
				c, _ := b.Concat(b.BVBig(w, x), b.BVBig(w2, y)).BVConst()
				want := new(big.Int).Add(new(big.Int).Lsh(x, uint(w2)), y)
				if c.Width() != w+w2 || c.Big().Cmp(want) != 0 {
					t.Fatalf("concat w=%d,%d = %v, want %v", w, w2, c.Big(), want)
				}
			}
		}
	}
}
