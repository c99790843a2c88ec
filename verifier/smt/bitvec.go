package smt

import (
	"fmt"
	"math/big"
	"math/bits"
	"strings"
)

// BitVec is an immutable bit-vector constant of a fixed width, read as an
// unsigned number in [0, 2^width). Widths up to 64 live in one machine word
// (the common case, and the fast path of constant folding); wider values are
// held in a big.Int that is never mutated after construction.
//
// The zero BitVec has width 0 and is not a valid constant.
type BitVec struct {
	w   int
	lo  uint64   // the value when w <= 64
	big *big.Int // the value when w > 64
}

func mask64(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return uint64(1)<<uint(w) - 1
}

func maskBig(w int) *big.Int {
	m := new(big.Int).Lsh(big.NewInt(1), uint(w))
	return m.Sub(m, big.NewInt(1))
}

func checkWidth(w int) {
	if w < 1 || w > MaxBVWidth {
		panic(fmt.Sprintf("smt: bit-vector width %d out of range", w))
	}
}

// NewBitVec returns v truncated to w bits.
func NewBitVec(w int, v uint64) BitVec {
	checkWidth(w)
	if w <= 64 {
		return BitVec{w: w, lo: v & mask64(w)}
	}
	return BitVec{w: w, big: new(big.Int).SetUint64(v)}
}

// BitVecFromInt64 returns the w-bit two's complement encoding of v
// (sign-extended when w > 64, truncated when w < 64).
func BitVecFromInt64(w int, v int64) BitVec {
	checkWidth(w)
	if w <= 64 {
		return BitVec{w: w, lo: uint64(v) & mask64(w)}
	}
	return bvFromBig(w, big.NewInt(v))
}

// BitVecFromBig returns v modulo 2^w; a negative v gives its two's
// complement encoding. v is not retained.
func BitVecFromBig(w int, v *big.Int) BitVec {
	checkWidth(w)
	return bvFromBig(w, v)
}

// bvFromBig reduces x modulo 2^w. big.Int's And treats negative numbers as
// infinite two's complement, so masking gives the right residue for them too.
func bvFromBig(w int, x *big.Int) BitVec {
	if w <= 64 {
		r := new(big.Int).And(x, new(big.Int).SetUint64(mask64(w)))
		return BitVec{w: w, lo: r.Uint64()}
	}
	return BitVec{w: w, big: new(big.Int).And(x, maskBig(w))}
}

// Width is the number of bits.
func (v BitVec) Width() int { return v.w }

// Uint64 returns the low 64 bits of the value.
func (v BitVec) Uint64() uint64 {
	if v.w <= 64 {
		return v.lo
	}
	return new(big.Int).And(v.big, new(big.Int).SetUint64(^uint64(0))).Uint64()
}

// Int64 returns the value read as a w-bit two's complement number,
// sign-extended to 64 bits. For w > 64 it returns the low 64 bits.
func (v BitVec) Int64() int64 {
	if v.w <= 64 {
		s := uint(64 - v.w)
		return int64(v.lo<<s) >> s
	}
	return int64(v.Uint64())
}

// Big returns the unsigned value as a new big.Int.
func (v BitVec) Big() *big.Int {
	if v.w <= 64 {
		return new(big.Int).SetUint64(v.lo)
	}
	return new(big.Int).Set(v.big)
}

// SignedBig returns the value read as a two's complement number.
func (v BitVec) SignedBig() *big.Int {
	x := v.Big()
	if v.MSB() {
		x.Sub(x, new(big.Int).Lsh(big.NewInt(1), uint(v.w)))
	}
	return x
}

// FitsUint64 reports whether the unsigned value is below 2^64.
func (v BitVec) FitsUint64() bool { return v.w <= 64 || v.big.BitLen() <= 64 }

// Bit returns bit i (0 is the least significant).
func (v BitVec) Bit(i int) bool {
	if i < 0 || i >= v.w {
		panic(fmt.Sprintf("smt: bit %d of a %d-bit vector", i, v.w))
	}
	if v.w <= 64 {
		return v.lo>>uint(i)&1 == 1
	}
	return v.big.Bit(i) == 1
}

// MSB returns the most significant (sign) bit.
func (v BitVec) MSB() bool { return v.Bit(v.w - 1) }

// IsZero reports whether all bits are 0.
func (v BitVec) IsZero() bool {
	if v.w <= 64 {
		return v.lo == 0
	}
	return v.big.Sign() == 0
}

// IsOnes reports whether all bits are 1.
func (v BitVec) IsOnes() bool {
	if v.w <= 64 {
		return v.lo == mask64(v.w)
	}
	return v.big.Cmp(maskBig(v.w)) == 0
}

// IsOne reports whether the value is 1.
func (v BitVec) IsOne() bool {
	if v.w <= 64 {
		return v.lo == 1
	}
	return v.big.IsUint64() && v.big.Uint64() == 1
}

// Equal reports whether v and o have the same width and value.
func (v BitVec) Equal(o BitVec) bool {
	if v.w != o.w {
		return false
	}
	if v.w <= 64 {
		return v.lo == o.lo
	}
	return v.big.Cmp(o.big) == 0
}

// String returns the SMT-LIB literal: #x... when the width is a multiple of
// 4, #b... otherwise.
func (v BitVec) String() string {
	if v.w == 0 {
		return "<invalid bitvec>"
	}
	if v.w%4 == 0 {
		s := v.Big().Text(16)
		return "#x" + strings.Repeat("0", v.w/4-len(s)) + s
	}
	s := v.Big().Text(2)
	return "#b" + strings.Repeat("0", v.w-len(s)) + s
}

// Text returns the unsigned value in the given base (2..62), unpadded.
func (v BitVec) Text(base int) string {
	if v.w <= 64 {
		return new(big.Int).SetUint64(v.lo).Text(base)
	}
	return v.big.Text(base)
}

// --- arithmetic with SMT-LIB semantics; both operands have the same width ---

func (v BitVec) mk(x uint64) BitVec { return BitVec{w: v.w, lo: x & mask64(v.w)} }
func (v BitVec) mkBig(x *big.Int) BitVec {
	return bvFromBig(v.w, x)
}
func (v BitVec) sx() int64 { return v.Int64() }

func (v BitVec) bvNot() BitVec {
	if v.w <= 64 {
		return v.mk(^v.lo)
	}
	return BitVec{w: v.w, big: new(big.Int).Xor(v.big, maskBig(v.w))}
}

func (v BitVec) bvNeg() BitVec {
	if v.w <= 64 {
		return v.mk(-v.lo)
	}
	return v.mkBig(new(big.Int).Neg(v.big))
}

func (v BitVec) bvAdd(o BitVec) BitVec {
	if v.w <= 64 {
		return v.mk(v.lo + o.lo)
	}
	return v.mkBig(new(big.Int).Add(v.big, o.big))
}

func (v BitVec) bvSub(o BitVec) BitVec {
	if v.w <= 64 {
		return v.mk(v.lo - o.lo)
	}
	return v.mkBig(new(big.Int).Sub(v.big, o.big))
}

func (v BitVec) bvMul(o BitVec) BitVec {
	if v.w <= 64 {
		return v.mk(v.lo * o.lo)
	}
	return v.mkBig(new(big.Int).Mul(v.big, o.big))
}

// bvUDiv: division by zero gives all ones (SMT-LIB).
func (v BitVec) bvUDiv(o BitVec) BitVec {
	if o.IsZero() {
		return v.onesLike()
	}
	if v.w <= 64 {
		return v.mk(v.lo / o.lo)
	}
	return v.mkBig(new(big.Int).Quo(v.big, o.big))
}

func (v BitVec) onesLike() BitVec {
	if v.w <= 64 {
		return BitVec{w: v.w, lo: mask64(v.w)}
	}
	return BitVec{w: v.w, big: maskBig(v.w)}
}

// bvURem: remainder by zero is the dividend (SMT-LIB).
func (v BitVec) bvURem(o BitVec) BitVec {
	if o.IsZero() {
		return v
	}
	if v.w <= 64 {
		return v.mk(v.lo % o.lo)
	}
	return v.mkBig(new(big.Int).Rem(v.big, o.big))
}

// bvSDiv truncates toward zero like C. Division by zero gives 1 for a
// negative dividend and -1 otherwise (SMT-LIB's definition via bvudiv), and
// MIN / -1 wraps to MIN.
func (v BitVec) bvSDiv(o BitVec) BitVec {
	if o.IsZero() {
		if v.MSB() {
			return v.mk(1)
		}
		return v.onesLike()
	}
	if v.w <= 64 {
		a, b := v.sx(), o.sx()
		// Go defines MinInt64 / -1 == MinInt64 (no trap), which is the
		// wrapped result we want; narrower widths wrap when masked.
		return v.mk(uint64(a / b))
	}
	return v.mkBig(new(big.Int).Quo(v.SignedBig(), o.SignedBig()))
}

// bvSRem takes the sign of the dividend like C; remainder by zero is the
// dividend.
func (v BitVec) bvSRem(o BitVec) BitVec {
	if o.IsZero() {
		return v
	}
	if v.w <= 64 {
		a, b := v.sx(), o.sx()
		return v.mk(uint64(a % b))
	}
	return v.mkBig(new(big.Int).Rem(v.SignedBig(), o.SignedBig()))
}

// shiftAmount returns the shift amount and whether it is below the width.
func (v BitVec) shiftAmount(o BitVec) (uint, bool) {
	if !o.FitsUint64() {
		return 0, false
	}
	n := o.Uint64()
	if n >= uint64(v.w) {
		return 0, false
	}
	return uint(n), true
}

func (v BitVec) zeroLike() BitVec {
	if v.w <= 64 {
		return BitVec{w: v.w}
	}
	return BitVec{w: v.w, big: new(big.Int)}
}

func (v BitVec) bvShl(o BitVec) BitVec {
	n, ok := v.shiftAmount(o)
	if !ok {
		return v.zeroLike()
	}
	if v.w <= 64 {
		return v.mk(v.lo << n)
	}
	return v.mkBig(new(big.Int).Lsh(v.big, n))
}

func (v BitVec) bvLShr(o BitVec) BitVec {
	n, ok := v.shiftAmount(o)
	if !ok {
		return v.zeroLike()
	}
	if v.w <= 64 {
		return v.mk(v.lo >> n)
	}
	return v.mkBig(new(big.Int).Rsh(v.big, n))
}

func (v BitVec) bvAShr(o BitVec) BitVec {
	n, ok := v.shiftAmount(o)
	if !ok {
		if v.MSB() {
			return v.onesLike()
		}
		return v.zeroLike()
	}
	if v.w <= 64 {
		return v.mk(uint64(v.sx() >> n))
	}
	// big.Int's Rsh is arithmetic on negative numbers.
	return v.mkBig(new(big.Int).Rsh(v.SignedBig(), n))
}

func (v BitVec) bvAnd(o BitVec) BitVec {
	if v.w <= 64 {
		return v.mk(v.lo & o.lo)
	}
	return v.mkBig(new(big.Int).And(v.big, o.big))
}

func (v BitVec) bvOr(o BitVec) BitVec {
	if v.w <= 64 {
		return v.mk(v.lo | o.lo)
	}
	return v.mkBig(new(big.Int).Or(v.big, o.big))
}

func (v BitVec) bvXor(o BitVec) BitVec {
	if v.w <= 64 {
		return v.mk(v.lo ^ o.lo)
	}
	return v.mkBig(new(big.Int).Xor(v.big, o.big))
}

func (v BitVec) ucmp(o BitVec) int {
	if v.w <= 64 {
		switch {
		case v.lo < o.lo:
			return -1
		case v.lo > o.lo:
			return 1
		}
		return 0
	}
	return v.big.Cmp(o.big)
}

func (v BitVec) scmp(o BitVec) int {
	if v.w <= 64 {
		a, b := v.sx(), o.sx()
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	}
	return v.SignedBig().Cmp(o.SignedBig())
}

// concat returns v (high part) followed by lo.
func (v BitVec) concat(lo BitVec) BitVec {
	w := v.w + lo.w
	checkWidth(w)
	if w <= 64 {
		return BitVec{w: w, lo: v.lo<<uint(lo.w) | lo.lo}
	}
	x := new(big.Int).Lsh(v.Big(), uint(lo.w))
	return BitVec{w: w, big: x.Or(x, lo.Big())}
}

// extract returns bits hi..lo.
func (v BitVec) extract(hi, lo int) BitVec {
	w := hi - lo + 1
	if v.w <= 64 {
		return BitVec{w: w, lo: v.lo >> uint(lo) & mask64(w)}
	}
	return bvFromBig(w, new(big.Int).Rsh(v.big, uint(lo)))
}

func (v BitVec) zext(n int) BitVec {
	w := v.w + n
	checkWidth(w)
	if w <= 64 {
		return BitVec{w: w, lo: v.lo}
	}
	return BitVec{w: w, big: v.Big()}
}

func (v BitVec) sext(n int) BitVec {
	w := v.w + n
	checkWidth(w)
	if w <= 64 {
		return BitVec{w: w, lo: uint64(v.sx()) & mask64(w)}
	}
	return bvFromBig(w, v.SignedBig())
}

// leadingZeros counts the zero bits above the highest set bit.
func (v BitVec) leadingZeros() int {
	if v.w <= 64 {
		return bits.LeadingZeros64(v.lo) - (64 - v.w)
	}
	return v.w - v.big.BitLen()
}
