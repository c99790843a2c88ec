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
