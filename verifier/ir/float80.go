package ir

import (
	"encoding/binary"
	"math"
	"math/big"
	"strings"
)

// Float80 is a value of gcc's long double on x86: the x87 80-bit extended
// format as it sits in memory, little-endian: a 64-bit significand with an
// explicit integer bit, then the sign and a 15-bit exponent biased by
// 16383. It is kept as bits, not as a big.Float, because a NaN's payload
// and the non-canonical encodings (below) have no big.Float.
type Float80 struct {
	SE uint16 // sign bit, then the biased exponent
	M  uint64 // significand; bit 63 is the integer bit
}

// Float80 format constants: 64 significand bits, biased exponents up to
// 0x7ffe, 2^-16382 the least normal and 2^-16445 the least subnormal.
const (
	f80Prec   = 64
	f80Bias   = 16383
	f80MaxExp = 0x7fff
	f80IntBit = uint64(1) << 63
	f80Quiet  = uint64(1) << 62
	// f80MinExp is the big.Float exponent (value = mant·2^exp with mant
	// in [0.5, 1)) of the least normal number.
	f80MinExp = 1 - f80Bias + 1
	// f80MaxBigExp is the big.Float exponent of the greatest finite ones.
	f80MaxBigExp = f80Bias + 1
)

// Float80DefaultNaN is the x87 "real indefinite", the NaN an invalid
// operation produces: negative, quiet, empty payload.
var Float80DefaultNaN = Float80{SE: 0xffff, M: f80IntBit | f80Quiet}

// Float80FromBytes decodes the 10 data bytes of a long double.
func Float80FromBytes(b []byte) Float80 {
	return Float80{M: binary.LittleEndian.Uint64(b), SE: binary.LittleEndian.Uint16(b[8:])}
}

// PutBytes encodes f into the 10 data bytes of a long double.
func (f Float80) PutBytes(b []byte) {
	binary.LittleEndian.PutUint64(b, f.M)
	binary.LittleEndian.PutUint16(b[8:], f.SE)
}

func (f Float80) exp() uint16 { return f.SE & f80MaxExp }

// Neg reports the sign bit.
func (f Float80) Neg() bool { return f.SE>>15 != 0 }

// IsNaN reports a NaN, counting the encodings the x87 rejects as an
// invalid operand (see Canon).
func (f Float80) IsNaN() bool {
	c := f.Canon()
	return c.exp() == f80MaxExp && c.M<<1 != 0
}

// IsInf reports an infinity.
func (f Float80) IsInf() bool {
	c := f.Canon()
	return c.exp() == f80MaxExp && c.M<<1 == 0
}

// IsZero reports a zero of either sign.
func (f Float80) IsZero() bool { return f.M == 0 && f.exp() == 0 }

// Canon is f as an x87 arithmetic instruction sees it. The format has
// encodings IEEE formats lack, since the integer bit is stored: with a
// zero exponent and the integer bit set (a pseudo-denormal) the 387 and
// later take the value the bits denote, that of the normal number with
// exponent 1; with a nonzero exponent and the integer bit clear (an
// unnormal, a pseudo-infinity or a pseudo-NaN) they raise the invalid
// operation, whose masked result is the default NaN. Whatever arithmetic,
// comparison or conversion reads a long double goes through Canon, so the
// interpreter and the solver agree on these encodings.
func (f Float80) Canon() Float80 {
	switch e := f.exp(); {
	case e == 0 && f.M&f80IntBit != 0:
		return Float80{SE: f.SE | 1, M: f.M}
	case e != 0 && f.M&f80IntBit == 0:
		return Float80DefaultNaN
	}
	return f
}

// Quiet sets a NaN's quiet bit, as the x87 does to a NaN operand.
func (f Float80) Quiet() Float80 { return Float80{SE: f.SE, M: f.M | f80Quiet} }

// Float80Inf is the infinity of the given sign.
func Float80Inf(neg bool) Float80 {
	f := Float80{SE: f80MaxExp, M: f80IntBit}
	if neg {
		f.SE |= 0x8000
	}
	return f
}

// Big is f's value, exact at 64 bits of precision, for a canonical f that
// is not a NaN; infinities are ±Inf.
func (f Float80) Big() *big.Float {
	f = f.Canon()
	z := new(big.Float).SetPrec(f80Prec)
	switch e := int(f.exp()); {
	case e == f80MaxExp:
		z.SetInf(f.Neg())
		return z
	case e == 0:
		// subnormal: 0.fraction · 2^-16382
		z.SetMantExp(z.SetUint64(f.M), f80MinExp-1-63)
	default:
		z.SetMantExp(z.SetUint64(f.M), e-f80Bias-63)
	}
	if f.Neg() {
		z.Neg(z) // -0 included
	}
	return z
}

// RoundFloat80 rounds the result of op to long double, once, as the x87
// does at 64-bit precision with round-to-nearest-even: op must set its
// argument, whose precision and rounding mode are preset, to the correctly
// rounded result of one operation (big.Float's arithmetic does so), which
// must not be a NaN (big.Float has none). Subnormal results are rounded to
// a multiple of the least subnormal, results beyond the greatest finite
// number become infinities, and a zero keeps its sign.
func RoundFloat80(op func(z *big.Float)) Float80 {
	// Truncated at 64 bits, the result has the exponent of the exact
	// value (truncation never reaches the next power of two), and keeps
	// the bit half a unit below a subnormal's last, whose unit is 2^-16445.
	z := new(big.Float).SetPrec(f80Prec).SetMode(big.ToZero)
	op(z)
	neg := z.Signbit()
	switch {
	case z.IsInf():
		return Float80Inf(neg)
	case z.Sign() == 0:
		return signed80(Float80{}, neg)
	}
	if z.MantExp(nil) >= f80MinExp {
		z = new(big.Float).SetPrec(f80Prec).SetMode(big.ToNearestEven)
		op(z)
		return float80Of(z)
	}
	// Subnormal: round |z| in units of 2^-16445 to an integer, to even
	// on a tie. Rounding at a precision of fewer bits instead would tie
	// wrongly between 1 and 2 units, which both have one bit.
	w := new(big.Float).SetMantExp(z, f80Prec-f80MinExp) // z's 64 bits, scaled
	w.Abs(w)
	units, _ := w.Int(nil)
	frac := w.Sub(w, new(big.Float).SetInt(units)) // w's low bits: exact
	inexact := z.Acc() != big.Exact
	m := units.Uint64()
	if c := frac.Cmp(big.NewFloat(0.5)); c > 0 || c == 0 && (inexact || m&1 == 1) {
		m++
	}
	if m == f80IntBit {
		return signed80(Float80{SE: 1, M: m}, neg) // rounded up to the least normal
	}
	return signed80(Float80{M: m}, neg)
}

func signed80(f Float80, neg bool) Float80 {
	if neg {
		f.SE |= 0x8000
	}
	return f
}

// float80Of encodes z, already rounded to what the format holds at its
// exponent, overflowing to infinity.
func float80Of(z *big.Float) Float80 {
	neg := z.Signbit()
	if z.IsInf() {
		return Float80Inf(neg)
	}
	if z.Sign() == 0 {
		return signed80(Float80{}, neg)
	}
	mant := new(big.Float)
	e := z.MantExp(mant)
	if e > f80MaxBigExp {
		return Float80Inf(neg)
	}
	mant.Abs(mant)
	if e < f80MinExp {
		// subnormal: the significand counts units of 2^-16445
		mant.SetMantExp(mant, f80Prec-(f80MinExp-e))
		m, _ := mant.Uint64()
		return signed80(Float80{M: m}, neg)
	}
	mant.SetMantExp(mant, f80Prec)
	m, _ := mant.Uint64()
	return signed80(Float80{SE: uint16(e - 1 + f80Bias), M: m}, neg)
}

// Float80FromFloat64 converts a double exactly, a NaN keeping its sign and
// payload (quieted), as FLD of a double does.
func Float80FromFloat64(v float64) Float80 {
	if v != v {
		b := math.Float64bits(v)
		return Float80{SE: uint16(b>>63)<<15 | f80MaxExp, M: f80IntBit | f80Quiet | b<<11}
	}
	return RoundFloat80(func(z *big.Float) { z.SetFloat64(v) })
}

// Float64 rounds f to double as FSTP of a double does (to nearest even),
// a NaN keeping its sign and leading payload bits, quieted.
func (f Float80) Float64() float64 {
	f = f.Canon()
	if f.IsNaN() {
		return math.Float64frombits(uint64(f.SE>>15)<<63 | 0x7ff8000000000000 | (f.M<<1)>>12)
	}
	v, _ := f.Big().Float64()
	return v
}

// Float32 rounds f to float, directly (not through double, which could
// round twice).
func (f Float80) Float32() float32 {
	f = f.Canon()
	if f.IsNaN() {
		return math.Float32frombits(uint32(f.SE>>15)<<31 | 0x7fc00000 | uint32((f.M<<1)>>41))
	}
	v, _ := f.Big().Float32()
	return v
}

// String prints f with the digits that identify it, as the IR printer
// shows constants.
func (f Float80) String() string {
	switch {
	case f.IsNaN():
		return "NaN"
	case f.IsInf() && f.Neg():
		return "-Inf"
	case f.IsInf():
		return "+Inf"
	}
	s := f.Big().Text('g', -1)
	if !strings.ContainsAny(s, ".eEI") {
		s += ".0"
	}
	return s + "L"
}
