package interval

import (
	"math/big"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Arith over-approximates the integer operator op (arithmetic, shifts or
// bitwise) applied to a and b, of type t (b may be another integer type
// for shifts), under the IR's bit-precise semantics: the transfer function
// the analysis itself uses, for other interval clients (package
// contractor's forward steps).
func Arith(op ir.BinOp, t *ir.IntType, a, b Interval) Interval { return arith(op, t, a, b) }

// Wrap reduces the mathematical range [lo, hi] into t as two's complement
// does: exact when it fits, a wrapped interval when the reduced range
// stays contiguous, else the type's full range.
func Wrap(t *ir.IntType, lo, hi *big.Int) Interval { return wrap(t, lo, hi) }

// Trackable reports whether values of t are modelled by the domain
// (integers of 1 to 64 bits), and returns t as an integer type.
func Trackable(t ir.Type) (*ir.IntType, bool) { return trackable(t) }

// FloatTrackable reports whether values of t are modelled by the float
// domain (float and double; not long double), and returns t as a float
// type.
func FloatTrackable(t ir.Type) (*ir.FloatType, bool) { return floatTrackable(t) }

// FloatToInt bounds the conversion of f to t (truncation toward zero;
// any value of t where the conversion is undefined).
func FloatToInt(t *ir.IntType, f Float) Interval { return floatToInt(t, f) }

// IntToFloat converts the integer x (within 64 bits) to t as a C
// conversion rounds.
func IntToFloat(t *ir.FloatType, x *big.Int) float64 { return intToFloat(t, x) }

// WidenFloat extrapolates old towards nw (nw ⊒ old) over the thresholds'
// float constants, as the analysis widens its float variables.
func (th *Thresholds) WidenFloat(old, nw Float) Float { return th.widenFloat(old, nw) }

// RoundTo is x rounded to nearest in t, as a conversion to t rounds.
func RoundTo(t *ir.FloatType, x float64) float64 { return roundTo(t, x) }
