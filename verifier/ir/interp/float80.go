package interp

import (
	"math"
	"math/big"

	"github.com/prbmc/prbmc/verifier/ir"
)

// ---------------------------------------------------------------------------
// long double: the x87 80-bit format (see ir.Float80)
//
// Its values do not fit val's 64 bits, so a val of kind kF80 boxes its 10
// bytes in a temporary object, immutable once made (operations make new
// ones); the zero val is +0, as the zero val of the other kinds is. The
// arithmetic is exact and rounded once (ir.RoundFloat80), as the x87 does
// at 64-bit precision with round-to-nearest-even, gcc's setting on Linux.

func f80(v val) ir.Float80 {
	if v.obj == nil {
		return ir.Float80{}
	}
	return ir.Float80FromBytes(v.obj.data)
}

func vf80(f ir.Float80) val {
	b := make([]byte, 10)
	f.PutBytes(b)
	return val{obj: &object{data: b, kind: okTemp}}
}

// nan80 is the result of an operation with a NaN operand (after Canon):
// the x87 returns the NaN, quieted; of two, the quiet one, or of two
// alike the one with the larger significand (Intel SDM vol. 1, 4.8.3.5).
// Unlike SSE's, the rule does not depend on the operands' order, so how
// gcc orders them does not matter.
func nan80(a, b ir.Float80) ir.Float80 {
	switch {
	case !b.IsNaN():
		return a.Quiet()
	case !a.IsNaN():
		return b.Quiet()
	}
	const quiet = uint64(1) << 62
	if qa, qb := a.M&quiet != 0, b.M&quiet != 0; qa != qb {
		if qa {
			return a
		}
		return b.Quiet()
	}
	if b.M > a.M {
		return b.Quiet()
	}
	return a.Quiet()
}

// invalid80 reports the operations IEEE calls invalid on non-NaN
// operands (∞-∞, 0·∞, 0/0, ∞/∞), whose result is the default NaN;
// big.Float panics on them.
func invalid80(op ir.BinOp, a, b ir.Float80) bool {
	switch op {
	case ir.Add:
		return a.IsInf() && b.IsInf() && a.Neg() != b.Neg()
	case ir.Sub:
		return a.IsInf() && b.IsInf() && a.Neg() == b.Neg()
	case ir.Mul:
		return a.IsZero() && b.IsInf() || a.IsInf() && b.IsZero()
	case ir.Div:
		return a.IsZero() && b.IsZero() || a.IsInf() && b.IsInf()
	}
	return false
}

// arith80 is a op b in long double.
func arith80(op ir.BinOp, a, b ir.Float80) ir.Float80 {
	a, b = a.Canon(), b.Canon()
	if a.IsNaN() || b.IsNaN() {
		return nan80(a, b)
	}
	if invalid80(op, a, b) {
		return ir.Float80DefaultNaN
	}
	x, y := a.Big(), b.Big()
	return ir.RoundFloat80(func(z *big.Float) {
		switch op {
		case ir.Add:
			z.Add(x, y)
		case ir.Sub:
			z.Sub(x, y)
		case ir.Mul:
			z.Mul(x, y)
		default:
			z.Quo(x, y)
		}
	})
}

func farith80(op ir.BinOp, x, y evalFn) evalFn {
	switch op {
	case ir.Add, ir.Sub, ir.Mul, ir.Div:
		return func(m *machine) val { return vf80(arith80(op, f80(x(m)), f80(y(m)))) }
	}
	return nil
}

// cmp80 compares like FUCOMI: a NaN operand makes every ordered
// comparison false and != true.
func cmp80(op ir.BinOp, x, y evalFn) condFn {
	return func(m *machine) bool {
		a, b := f80(x(m)), f80(y(m))
		if a.IsNaN() || b.IsNaN() {
			return op == ir.Ne
		}
		c := a.Big().Cmp(b.Big())
		switch op {
		case ir.Eq:
			return c == 0
		case ir.Ne:
			return c != 0
		case ir.Lt:
			return c < 0
		case ir.Le:
			return c <= 0
		case ir.Gt:
			return c > 0
		}
		return c >= 0
	}
}

// float80ToInt converts like floatToInt, from the exact value.
func (m *machine) float80ToInt(f ir.Float80, k skind) uint64 {
	lo, hi := m.intRange(k)
	if f.IsNaN() || f.IsInf() {
		m.fail("undefined conversion: %v does not fit in the target integer type", f)
	}
	t, _ := f.Big().Int(nil) // toward zero
	l, _ := big.NewFloat(lo).Int(nil)
	h, _ := big.NewFloat(hi).Int(nil)
	if t.Cmp(l) < 0 || t.Cmp(h) >= 0 {
		m.fail("undefined conversion: %v does not fit in the target integer type", f)
	}
	if k == kU64 {
		return t.Uint64()
	}
	return canon(k, uint64(t.Int64()))
}

// cast80 converts between long double and the other scalar kinds; nil
// when neither is long double.
func (m *machine) cast80(from, to skind, x evalFn) evalFn {
	switch {
	case from == kF80 && to == kF80:
		return x
	case isIntKind(from) && to == kF80:
		if isSignedKind(from) {
			return func(m *machine) val {
				v := int64(x(m).bits)
				return vf80(ir.RoundFloat80(func(z *big.Float) { z.SetInt64(v) }))
			}
		}
		return func(m *machine) val {
			v := x(m).bits
			return vf80(ir.RoundFloat80(func(z *big.Float) { z.SetUint64(v) }))
		}
	case from == kF32 && to == kF80:
		return func(m *machine) val { return vf80(ir.Float80FromFloat64(math.Float64frombits(f32to64(f32(x(m)))))) }
	case from == kF64 && to == kF80:
		return func(m *machine) val { return vf80(ir.Float80FromFloat64(f64(x(m)))) }
	case from == kF80 && isIntKind(to):
		return func(m *machine) val { return val{bits: m.float80ToInt(f80(x(m)), to)} }
	case from == kF80 && to == kF32:
		return func(m *machine) val { return vf32(f80(x(m)).Float32()) }
	case from == kF80 && to == kF64:
		return func(m *machine) val { return vf64(f80(x(m)).Float64()) }
	}
	return nil
}
