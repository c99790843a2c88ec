package interp

import (
	"math"
	"unsafe"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Closures compiled from IR expressions. Faults panic (see machine.fail),
// so the hot path returns plain values.
type (
	evalFn  func(m *machine) val
	lvalFn  func(m *machine) loc
	condFn  func(m *machine) bool
	storeFn func(m *machine, v val)
)

type sint interface {
	~int8 | ~int16 | ~int32 | ~int64
}
type uintT interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64
}
type integer interface{ sint | uintT }

func isSigned[T integer]() bool {
	var z T
	return ^z < z
}

// rdInt reads a T from b (little-endian) and returns its canonical bits.
func rdInt[T integer](b []byte) uint64 {
	var z T
	switch unsafe.Sizeof(z) {
	case 1:
		return uint64(T(b[0]))
	case 2:
		return uint64(T(le.Uint16(b)))
	case 4:
		return uint64(T(le.Uint32(b)))
	}
	return uint64(T(le.Uint64(b)))
}

func wrInt[T integer](b []byte, x uint64) {
	var z T
	switch unsafe.Sizeof(z) {
	case 1:
		b[0] = byte(x)
	case 2:
		le.PutUint16(b, uint16(x))
	case 4:
		le.PutUint32(b, uint32(x))
	default:
		le.PutUint64(b, x)
	}
}

func sizeOf[T integer]() int64 {
	var z T
	return int64(unsafe.Sizeof(z))
}

// ---------------------------------------------------------------------------
// Integer arithmetic

func divZero[T integer](a T) uint64 {
	var z T
	if isSigned[T]() && a < 0 {
		return 1
	}
	return uint64(^z)
}

func arith[T integer](op ir.BinOp, x, y evalFn) evalFn {
	switch op {
	case ir.Add:
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) + T(y(m).bits))} }
	case ir.Sub:
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) - T(y(m).bits))} }
	case ir.Mul:
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) * T(y(m).bits))} }
	case ir.Div:
		return func(m *machine) val {
			a, b := T(x(m).bits), T(y(m).bits)
			if b == 0 {
				return val{bits: divZero(a)}
			}
			return val{bits: uint64(a / b)}
		}
	case ir.Rem:
		return func(m *machine) val {
			a, b := T(x(m).bits), T(y(m).bits)
			if b == 0 {
				return val{bits: uint64(a)}
			}
			return val{bits: uint64(a % b)}
		}
	case ir.And:
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) & T(y(m).bits))} }
	case ir.Or:
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) | T(y(m).bits))} }
	case ir.Xor:
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) ^ T(y(m).bits))} }
	case ir.Shl:
		// Go shifts by counts >= the width give 0 (sign fill for signed >>),
		// and a negative signed count is a huge uint64: the IR's semantics.
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) << y(m).bits)} }
	case ir.Shr:
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) >> y(m).bits)} }
	}
	return nil
}

// arithC is arith with a constant right operand.
func arithC[T integer](op ir.BinOp, x evalFn, c T) evalFn {
	switch op {
	case ir.Add:
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) + c)} }
	case ir.Sub:
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) - c)} }
	case ir.Mul:
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) * c)} }
	case ir.And:
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) & c)} }
	case ir.Or:
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) | c)} }
	case ir.Xor:
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) ^ c)} }
	case ir.Div:
		if c == 0 || (isSigned[T]() && c == ^T(0)) {
			return nil // let the general case handle the corner cases
		}
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) / c)} }
	case ir.Rem:
		if c == 0 || (isSigned[T]() && c == ^T(0)) {
			return nil
		}
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) % c)} }
	}
	return nil
}

func shiftC[T integer](op ir.BinOp, x evalFn, c uint64) evalFn {
	switch op {
	case ir.Shl:
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) << c)} }
	case ir.Shr:
		return func(m *machine) val { return val{bits: uint64(T(x(m).bits) >> c)} }
	}
	return nil
}

func intUnary[T integer](op ir.UnOp, x evalFn) evalFn {
	switch op {
	case ir.Neg:
		return func(m *machine) val { return val{bits: uint64(-T(x(m).bits))} }
	case ir.BNot:
		return func(m *machine) val { return val{bits: uint64(^T(x(m).bits))} }
	}
	return nil
}

func castInt[T integer](x evalFn) evalFn {
	return func(m *machine) val { return val{bits: uint64(T(x(m).bits))} }
}

// ---------------------------------------------------------------------------
// Comparisons

type ordered interface {
	integer | ~float32 | ~float64
}

func cmpOp[T ordered](op ir.BinOp, x, y func(m *machine) T) condFn {
	switch op {
	case ir.Eq:
		return func(m *machine) bool { return x(m) == y(m) }
	case ir.Ne:
		return func(m *machine) bool { return x(m) != y(m) }
	case ir.Lt:
		return func(m *machine) bool { return x(m) < y(m) }
	case ir.Le:
		return func(m *machine) bool { return x(m) <= y(m) }
	case ir.Gt:
		return func(m *machine) bool { return x(m) > y(m) }
	case ir.Ge:
		return func(m *machine) bool { return x(m) >= y(m) }
	}
	return nil
}

func cmpInt[T integer](op ir.BinOp, x, y evalFn) condFn {
	switch op {
	case ir.Eq:
		return func(m *machine) bool { return T(x(m).bits) == T(y(m).bits) }
	case ir.Ne:
		return func(m *machine) bool { return T(x(m).bits) != T(y(m).bits) }
	case ir.Lt:
		return func(m *machine) bool { return T(x(m).bits) < T(y(m).bits) }
	case ir.Le:
		return func(m *machine) bool { return T(x(m).bits) <= T(y(m).bits) }
	case ir.Gt:
		return func(m *machine) bool { return T(x(m).bits) > T(y(m).bits) }
	case ir.Ge:
		return func(m *machine) bool { return T(x(m).bits) >= T(y(m).bits) }
	}
	return nil
}

func cmpIntC[T integer](op ir.BinOp, x evalFn, c T) condFn {
	switch op {
	case ir.Eq:
		return func(m *machine) bool { return T(x(m).bits) == c }
	case ir.Ne:
		return func(m *machine) bool { return T(x(m).bits) != c }
	case ir.Lt:
		return func(m *machine) bool { return T(x(m).bits) < c }
	case ir.Le:
		return func(m *machine) bool { return T(x(m).bits) <= c }
	case ir.Gt:
		return func(m *machine) bool { return T(x(m).bits) > c }
	case ir.Ge:
		return func(m *machine) bool { return T(x(m).bits) >= c }
	}
	return nil
}

// ---------------------------------------------------------------------------
// Floats

func f32(v val) float32  { return math.Float32frombits(uint32(v.bits)) }
func f64(v val) float64  { return math.Float64frombits(v.bits) }
func vf32(f float32) val { return val{bits: uint64(math.Float32bits(f))} }
func vf64(f float64) val { return val{bits: math.Float64bits(f)} }

// Float arithmetic follows x86-64 SSE, as gcc-compiled code runs it: a NaN
// operand propagates (quieted), the left one first, and an invalid
// operation yields the default NaN, which is negative. Go computes the
// same on amd64 except that it may swap the operands of commutative
// operations, and other architectures have a positive default NaN.

const (
	defaultNaN32 = 0xffc00000
	defaultNaN64 = 0xfff8000000000000
)

func nan32(a, b float32) val {
	if a != a {
		return val{bits: uint64(math.Float32bits(a) | 0x00400000)}
	}
	if b != b {
		return val{bits: uint64(math.Float32bits(b) | 0x00400000)}
	}
	return val{bits: defaultNaN32}
}

func nan64(a, b float64) val {
	if a != a {
		return val{bits: math.Float64bits(a) | 0x0008000000000000}
	}
	if b != b {
		return val{bits: math.Float64bits(b) | 0x0008000000000000}
	}
	return val{bits: defaultNaN64}
}

func farith32(op ir.BinOp, x, y evalFn) evalFn {
	switch op {
	case ir.Add:
		return func(m *machine) val {
			a, b := f32(x(m)), f32(y(m))
			if r := a + b; r == r {
				return vf32(r)
			}
			return nan32(a, b)
		}
	case ir.Sub:
		return func(m *machine) val {
			a, b := f32(x(m)), f32(y(m))
			if r := a - b; r == r {
				return vf32(r)
			}
			return nan32(a, b)
		}
	case ir.Mul:
		return func(m *machine) val {
			a, b := f32(x(m)), f32(y(m))
			if r := a * b; r == r {
				return vf32(r)
			}
			return nan32(a, b)
		}
	case ir.Div:
		return func(m *machine) val {
			a, b := f32(x(m)), f32(y(m))
			if r := a / b; r == r {
				return vf32(r)
			}
			return nan32(a, b)
		}
	}
	return nil
}

func farith64(op ir.BinOp, x, y evalFn) evalFn {
	switch op {
	case ir.Add:
		return func(m *machine) val {
			a, b := f64(x(m)), f64(y(m))
			if r := a + b; r == r {
				return vf64(r)
			}
			return nan64(a, b)
		}
	case ir.Sub:
		return func(m *machine) val {
			a, b := f64(x(m)), f64(y(m))
			if r := a - b; r == r {
				return vf64(r)
			}
			return nan64(a, b)
		}
	case ir.Mul:
		return func(m *machine) val {
			a, b := f64(x(m)), f64(y(m))
			if r := a * b; r == r {
				return vf64(r)
			}
			return nan64(a, b)
		}
	case ir.Div:
		return func(m *machine) val {
			a, b := f64(x(m)), f64(y(m))
			if r := a / b; r == r {
				return vf64(r)
			}
			return nan64(a, b)
		}
	}
	return nil
}

// floatToInt converts f to the integer kind k, truncating toward zero, or
// faults when the result is not representable.
func (m *machine) floatToInt(f float64, k skind) uint64 {
	t := math.Trunc(f)
	lo, hi := m.intRange(k)
	if !(t >= lo && t < hi) {
		m.fail("undefined conversion: %v does not fit in the target integer type", f)
	}
	if k == kU64 {
		return uint64(t)
	}
	return canon(k, uint64(int64(t)))
}

// intRange is the range [lo, hi) of the integer kind k, whose bounds are
// powers of two, exact in any floating type.
func (m *machine) intRange(k skind) (lo, hi float64) {
	switch k {
	case kI8:
		lo, hi = -0x1p7, 0x1p7
	case kU8:
		lo, hi = 0, 0x1p8
	case kI16:
		lo, hi = -0x1p15, 0x1p15
	case kU16:
		lo, hi = 0, 0x1p16
	case kI32:
		lo, hi = -0x1p31, 0x1p31
	case kU32:
		lo, hi = 0, 0x1p32
	case kI64:
		lo, hi = -0x1p63, 0x1p63
	case kU64:
		lo, hi = 0, 0x1p64
	default:
		m.fail("unsupported 128-bit arithmetic")
	}
	return lo, hi
}

// f32to64 and f64to32 convert like x86 CVTSS2SD/CVTSD2SS, keeping a NaN's
// sign and leading payload bits (quieted).
func f32to64(f float32) uint64 {
	if f != f {
		b := uint64(math.Float32bits(f))
		return b>>31<<63 | 0x7ff8000000000000 | (b&0x3fffff)<<29
	}
	return math.Float64bits(float64(f))
}

func f64to32(f float64) uint64 {
	if f != f {
		b := math.Float64bits(f)
		return b>>63<<31 | 0x7fc00000 | (b>>29)&0x3fffff
	}
	return uint64(math.Float32bits(float32(f)))
}
