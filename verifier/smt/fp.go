package smt

import (
	"fmt"
	"math"
	"math/big"
)

// SMT-LIB has a single NaN per floating-point sort, while IEEE bit patterns
// have many. We therefore keep every NaN constant as one canonical pattern,
// and FPToBits maps every NaN to it: sign 0, exponent all ones, the most
// significant significand bit 1 and the rest 0 (0x7fc00000 for float,
// 0x7ff8000000000000 for double; what GCC's NAN gives). Payload and sign of
// NaNs cannot be reasoned about; FPFromBits of any NaN pattern is the NaN.
// As a consequence FPToBits(FPFromBits(v)) is not v for non-canonical NaN
// patterns, and the simplifier never rewrites it to v.

// CanonicalNaN returns the canonical NaN bit pattern of an FP sort.
func CanonicalNaN(s *Sort) BitVec {
	if s.kind != KindFP {
		panic("smt: CanonicalNaN of " + s.key)
	}
	exp := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(s.ebits)), big.NewInt(1))
	x := new(big.Int).Lsh(exp, uint(s.sbits-1))
	x.SetBit(x, s.sbits-2, 1)
	return BitVecFromBig(s.ebits+s.sbits, x)
}

// fpFields splits an IEEE pattern into sign, biased exponent and trailing
// significand.
func fpFields(s *Sort, bits BitVec) (sign bool, exp, frac BitVec) {
	w := s.ebits + s.sbits
	sign = bits.Bit(w - 1)
	exp = bits.extract(w-2, s.sbits-1)
	frac = bits.extract(s.sbits-2, 0)
	return
}

func fpIsNaNBits(s *Sort, bits BitVec) bool {
	_, exp, frac := fpFields(s, bits)
	return exp.IsOnes() && !frac.IsZero()
}

func (b *Builder) checkFP(op string, ts ...*Term) {
	for _, t := range ts {
		if t.sort.kind != KindFP || t.sort != ts[0].sort {
			sortPanic(op, ts...)
		}
	}
}

// FPConstBits returns the constant of FP sort s with IEEE bit pattern bits
// (any NaN pattern gives the canonical NaN).
func (b *Builder) FPConstBits(s *Sort, bits BitVec) *Term {
	s = b.canon(s)
	if s.kind != KindFP || bits.w != s.ebits+s.sbits {
		panic(fmt.Sprintf("smt: FP constant of %d bits for %s", bits.w, s.key))
	}
	if fpIsNaNBits(s, bits) {
		bits = CanonicalNaN(s)
	}
	if bits.w > 64 && bits.big == nil {
		bits = BitVec{w: bits.w, big: new(big.Int).SetUint64(bits.lo)}
	}
	return b.mk(OpConst, s, nil, 0, 0, RNE, "", bits)
}

// FPConst32 returns the float constant f.
func (b *Builder) FPConst32(f float32) *Term {
	return b.FPConstBits(Float32Sort(), NewBitVec(32, uint64(math.Float32bits(f))))
}

// FPConst64 returns the double constant f.
func (b *Builder) FPConst64(f float64) *Term {
	return b.FPConstBits(Float64Sort(), NewBitVec(64, math.Float64bits(f)))
}

// FPNaN, FPInf and FPZero return special values of sort s.
func (b *Builder) FPNaN(s *Sort) *Term { return b.FPConstBits(s, CanonicalNaN(s)) }

// FPInf returns +∞ or -∞ of sort s.
func (b *Builder) FPInf(s *Sort, negative bool) *Term {
	sign := NewBitVec(1, 0)
	if negative {
		sign = NewBitVec(1, 1)
	}
	exp := NewBitVec(s.ebits, 0).onesLike()
	return b.FPConstBits(s, sign.concat(exp).concat(NewBitVec(s.sbits-1, 0)))
}

// FPZero returns +0 or -0 of sort s.
func (b *Builder) FPZero(s *Sort, negative bool) *Term {
	v := NewBitVec(s.ebits+s.sbits, 0)
	if negative {
		v = NewBitVec(1, 1).concat(NewBitVec(s.ebits+s.sbits-1, 0))
	}
	return b.FPConstBits(s, v)
}

// goFloat identifies the sorts Go can fold natively.
type goFloat int

const (
	notGo goFloat = iota
	go32
	go64
)

func goKind(s *Sort) goFloat {
	switch {
	case s.ebits == 8 && s.sbits == 24:
		return go32
	case s.ebits == 11 && s.sbits == 53:
		return go64
	}
	return notGo
}

// f64 returns a float or double constant widened to float64 (exactly).
func f64(t *Term) (float64, bool) {
	if t.op != OpConst || t.sort.kind != KindFP {
		return 0, false
	}
	switch goKind(t.sort) {
	case go32:
		return float64(math.Float32frombits(uint32(t.val.lo))), true
	case go64:
		return math.Float64frombits(t.val.lo), true
	}
	return 0, false
}

// fpFromGo makes a constant of sort s (float or double) from v, which for
// float must already be a float32 value.
func (b *Builder) fpFromGo(s *Sort, v float64) *Term {
	if goKind(s) == go32 {
		return b.FPConstBits(s, NewBitVec(32, uint64(math.Float32bits(float32(v)))))
	}
	return b.FPConstBits(s, NewBitVec(64, math.Float64bits(v)))
}

// f64s are the values of x and y; ok is false unless both are
// floating-point constants.
func f64s(x, y *Term) (fx, fy float64, ok bool) {
	fx, okx := f64(x)
	fy, oky := f64(y)
	return fx, fy, okx && oky
}

// fpArith is a op c in F's precision, for the four IEEE operations.
func fpArith[F float32 | float64](op Op, a, c F) F {
	switch op {
	case OpFPAdd:
		return F(a + c)
	case OpFPSub:
		return F(a - c)
	case OpFPMul:
		return F(a * c)
	case OpFPDiv:
		return F(a / c)
	}
	return 0
}

func (b *Builder) fpBinary(op Op, name string, x, y *Term) *Term {
	b.checkFP(name, x, y)
	if b.simplify {
		if fx, fy, ok := f64s(x, y); ok {
			// One IEEE operation per statement, explicitly converted: Go may
			// fuse x*y+z otherwise, which would not be RNE per operation.
			if goKind(x.sort) == go32 {
				return b.fpFromGo(x.sort, float64(fpArith(op, float32(fx), float32(fy))))
			}
			return b.fpFromGo(x.sort, fpArith(op, fx, fy))
		}
	}
	return b.mk2(op, x.sort, x, y)
}

// FPAdd is IEEE addition, rounding to nearest even.
func (b *Builder) FPAdd(x, y *Term) *Term { return b.fpBinary(OpFPAdd, "fp.add", x, y) }

// FPSub is IEEE subtraction, rounding to nearest even.
func (b *Builder) FPSub(x, y *Term) *Term { return b.fpBinary(OpFPSub, "fp.sub", x, y) }

// FPMul is IEEE multiplication, rounding to nearest even.
func (b *Builder) FPMul(x, y *Term) *Term { return b.fpBinary(OpFPMul, "fp.mul", x, y) }

// FPDiv is IEEE division, rounding to nearest even.
func (b *Builder) FPDiv(x, y *Term) *Term { return b.fpBinary(OpFPDiv, "fp.div", x, y) }

// FPSqrt is the IEEE square root, rounding to nearest even.
func (b *Builder) FPSqrt(x *Term) *Term {
	b.checkFP("fp.sqrt", x)
	if b.simplify {
		if f, ok := f64(x); ok {
			// For float, the square root in double precision rounded to
			// float is correctly rounded (53 >= 2*24+2), so this is exact RNE.
			return b.fpFromGo(x.sort, math.Sqrt(f))
		}
	}
	return b.mk1(OpFPSqrt, x.sort, x)
}

// FPRoundToIntegral rounds to an integral value in the same sort (C's
// rint/nearbyint with RNE, trunc with RTZ, floor RTN, ceil RTP, round RNA).
func (b *Builder) FPRoundToIntegral(rm RoundingMode, x *Term) *Term {
	b.checkFP("fp.roundToIntegral", x)
	if rm > RTZ {
		panic("smt: bad rounding mode")
	}
	if b.simplify {
		if f, ok := f64(x); ok {
			// float's integral values are exact in double, and these
			// functions keep the sign of zero as IEEE does.
			var r float64
			switch rm {
			case RNE:
				r = math.RoundToEven(f)
			case RNA:
				r = math.Round(f)
			case RTP:
				r = math.Ceil(f)
			case RTN:
				r = math.Floor(f)
			case RTZ:
				r = math.Trunc(f)
			}
			return b.fpFromGo(x.sort, r)
		}
	}
	return b.mk(OpFPRoundToIntegral, x.sort, []*Term{x}, 0, 0, rm, "", BitVec{})
}

// FPNeg flips the sign (of a non-NaN).
func (b *Builder) FPNeg(x *Term) *Term {
	b.checkFP("fp.neg", x)
	if b.simplify {
		if r := b.signFold(x, BitVec.bvXor, signBit(x.sort)); r != nil {
			return r
		}
		if x.op == OpFPNeg {
			return x.args[0]
		}
	}
	return b.mk1(OpFPNeg, x.sort, x)
}

// signFold folds FPNeg and FPAbs of a constant: its bits op mask, a NaN
// left as it is; nil if x is not a constant.
func (b *Builder) signFold(x *Term, op func(BitVec, BitVec) BitVec, mask BitVec) *Term {
	bits, ok := x.FPConstBits()
	switch {
	case !ok:
		return nil
	case fpIsNaNBits(x.sort, bits):
		return x
	}
	return b.FPConstBits(x.sort, op(bits, mask))
}

func signBit(s *Sort) BitVec {
	w := s.ebits + s.sbits
	return NewBitVec(1, 1).concat(NewBitVec(w-1, 0))
}

// FPAbs clears the sign (of a non-NaN).
func (b *Builder) FPAbs(x *Term) *Term {
	b.checkFP("fp.abs", x)
	if b.simplify {
		if r := b.signFold(x, BitVec.bvAnd, signBit(x.sort).bvNot()); r != nil {
			return r
		}
		if x.op == OpFPAbs {
			return x
		}
		if x.op == OpFPNeg {
			return b.FPAbs(x.args[0])
		}
	}
	return b.mk1(OpFPAbs, x.sort, x)
}

func (b *Builder) fpCompare(op Op, name string, x, y *Term) *Term {
	b.checkFP(name, x, y)
	if b.simplify {
		if fx, fy, ok := f64s(x, y); ok {
			// Go's comparisons are IEEE's: false with a NaN, +0 == -0.
			switch op {
			case OpFPEq:
				return b.BoolConst(fx == fy)
			case OpFPLt:
				return b.BoolConst(fx < fy)
			case OpFPLe:
				return b.BoolConst(fx <= fy)
			}
		}
		if op == OpFPLt && x == y {
			return b.fls
		}
	}
	return b.mk2(op, b.boolSort, x, y)
}

// FPEq is IEEE equality (C's ==): NaN ≠ NaN, +0 = -0.
func (b *Builder) FPEq(x, y *Term) *Term { return b.fpCompare(OpFPEq, "fp.eq", x, y) }

// FPLt is IEEE < (false if either is NaN).
func (b *Builder) FPLt(x, y *Term) *Term { return b.fpCompare(OpFPLt, "fp.lt", x, y) }

// FPLe is IEEE <= (false if either is NaN).
func (b *Builder) FPLe(x, y *Term) *Term { return b.fpCompare(OpFPLe, "fp.leq", x, y) }

// FPGt is IEEE >, built as FPLt(y, x).
func (b *Builder) FPGt(x, y *Term) *Term { return b.FPLt(y, x) }

// FPGe is IEEE >=, built as FPLe(y, x).
func (b *Builder) FPGe(x, y *Term) *Term { return b.FPLe(y, x) }

func (b *Builder) fpClass(op Op, name string, x *Term) *Term {
	b.checkFP(name, x)
	if b.simplify {
		if bits, ok := x.FPConstBits(); ok {
			sign, exp, frac := fpFields(x.sort, bits)
			nan := exp.IsOnes() && !frac.IsZero()
			switch op {
			case OpFPIsNaN:
				return b.BoolConst(nan)
			case OpFPIsInf:
				return b.BoolConst(exp.IsOnes() && frac.IsZero())
			case OpFPIsZero:
				return b.BoolConst(exp.IsZero() && frac.IsZero())
			case OpFPIsNegative:
				return b.BoolConst(sign && !nan)
			}
		}
	}
	return b.mk1(op, b.boolSort, x)
}

// FPIsNaN tests for NaN.
func (b *Builder) FPIsNaN(x *Term) *Term { return b.fpClass(OpFPIsNaN, "fp.isNaN", x) }

// FPIsInf tests for ±∞.
func (b *Builder) FPIsInf(x *Term) *Term { return b.fpClass(OpFPIsInf, "fp.isInfinite", x) }

// FPIsZero tests for ±0.
func (b *Builder) FPIsZero(x *Term) *Term { return b.fpClass(OpFPIsZero, "fp.isZero", x) }

// FPIsNegative tests for a negative non-NaN value, -0 and -∞ included.
func (b *Builder) FPIsNegative(x *Term) *Term {
	return b.fpClass(OpFPIsNegative, "fp.isNegative", x)
}

// FPFromBits reinterprets an IEEE bit pattern (a BV of width ebits+sbits)
// as a value of sort s; every NaN pattern gives NaN.
func (b *Builder) FPFromBits(s *Sort, x *Term) *Term {
	s = b.canon(s)
	if s.kind != KindFP || x.sort.kind != KindBV || x.sort.width != s.ebits+s.sbits {
		panic("smt: ill-sorted FPFromBits(" + s.key + ", " + x.sort.key + ")")
	}
	if b.simplify {
		if c, ok := x.BVConst(); ok {
			return b.FPConstBits(s, c)
		}
		// Sound because FPToBits is injective on non-NaN values and maps
		// NaN to a NaN pattern.
		if x.op == OpFPToBits && x.args[0].sort == s {
			return x.args[0]
		}
	}
	return b.mk1(OpFPFromBits, s, x)
}

// FPToBits returns the IEEE bit pattern of x; every NaN gives CanonicalNaN.
func (b *Builder) FPToBits(x *Term) *Term {
	b.checkFP("fp.to_ieee_bv", x)
	if b.simplify {
		if bits, ok := x.FPConstBits(); ok {
			return b.BVConst(bits)
		}
	}
	return b.mk1(OpFPToBits, b.bvSort(x.sort.ebits+x.sort.sbits), x)
}

// FPToSBV converts to a w-bit signed integer rounding toward zero (C's
// cast). The result is unspecified (any value) when the truncated value
// does not fit, for NaN and for infinities; C calls that undefined, so the
// caller must check the range itself.
func (b *Builder) FPToSBV(w int, x *Term) *Term { return b.fpToBV(OpFPToSBV, w, x) }

// FPToUBV converts to a w-bit unsigned integer rounding toward zero; the
// result is unspecified out of range, as for FPToSBV.
func (b *Builder) FPToUBV(w int, x *Term) *Term { return b.fpToBV(OpFPToUBV, w, x) }

func (b *Builder) fpToBV(op Op, w int, x *Term) *Term {
	b.checkFP(op.String(), x)
	checkWidth(w)
	if b.simplify {
		if f, ok := f64(x); ok && !math.IsNaN(f) && !math.IsInf(f, 0) {
			t, _ := new(big.Float).SetFloat64(f).Int(nil) // truncates toward zero
			var lo, hi *big.Int
			if op == OpFPToSBV {
				lo = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(w-1)))
				hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w-1)), big.NewInt(1))
			} else {
				lo = new(big.Int)
				hi = maskBig(w)
			}
			// Out of range stays symbolic: the solver's choice for the
			// unspecified result is not ours to make.
			if t.Cmp(lo) >= 0 && t.Cmp(hi) <= 0 {
				return b.BVConst(BitVecFromBig(w, t))
			}
		}
	}
	return b.mk(op, b.bvSort(w), []*Term{x}, w, 0, RTZ, "", BitVec{})
}

// FPFromSBV converts a signed bit-vector to sort s, rounding to nearest even.
func (b *Builder) FPFromSBV(s *Sort, x *Term) *Term { return b.fpFromBV(OpFPFromSBV, s, x) }

// FPFromUBV converts an unsigned bit-vector to sort s, rounding to nearest
// even.
func (b *Builder) FPFromUBV(s *Sort, x *Term) *Term { return b.fpFromBV(OpFPFromUBV, s, x) }

func (b *Builder) fpFromBV(op Op, s *Sort, x *Term) *Term {
	s = b.canon(s)
	if s.kind != KindFP || x.sort.kind != KindBV {
		panic("smt: ill-sorted " + op.String() + "(" + s.key + ", " + x.sort.key + ")")
	}
	if b.simplify {
		if c, ok := x.BVConst(); ok && goKind(s) != notGo {
			v := c.Big()
			if op == OpFPFromSBV {
				v = c.SignedBig()
			}
			// big.Float holds the integer exactly; Float32/Float64 then round
			// to nearest even, overflowing to ±∞ as IEEE does.
			prec := uint(c.w)
			if prec < 64 {
				prec = 64
			}
			bf := new(big.Float).SetPrec(prec).SetInt(v)
			if goKind(s) == go32 {
				f, _ := bf.Float32()
				return b.fpFromGo(s, float64(f))
			}
			f, _ := bf.Float64()
			return b.fpFromGo(s, f)
		}
	}
	return b.mk(op, s, []*Term{x}, 0, 0, RNE, "", BitVec{})
}

// FPToFP converts x to sort s (C's float/double casts), rounding to nearest
// even.
func (b *Builder) FPToFP(s *Sort, x *Term) *Term {
	s = b.canon(s)
	if s.kind != KindFP || x.sort.kind != KindFP {
		panic("smt: ill-sorted to_fp(" + s.key + ", " + x.sort.key + ")")
	}
	if b.simplify {
		if s == x.sort {
			return x
		}
		if f, ok := f64(x); ok && goKind(s) != notGo {
			if goKind(s) == go32 {
				return b.fpFromGo(s, float64(float32(f)))
			}
			return b.fpFromGo(s, f)
		}
	}
	return b.mk(OpFPToFP, s, []*Term{x}, 0, 0, RNE, "", BitVec{})
}
