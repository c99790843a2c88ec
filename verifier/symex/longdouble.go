package symex

import (
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
)

// A long double is, in registers and in memory, the term of its 80 bits
// as the x87 stores them (see ir.Float80), not an FP(15,64) value: the
// format has encodings FP(15,64) cannot tell apart (a pseudo-denormal and
// the normal number it equals, the unnormals and the NaNs), and copying
// one keeps its bits, as gcc's fldt/fstpt and the interpreter do. A
// program that looks at the bytes of a copy then sees what it would see
// running. Arithmetic, comparisons and conversions read the bits as the
// x87 does (ldValue) and write results back (ldBits).

func isLongDouble(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && ft.IsLong()
}

var longDoubleSort = smt.FPSort(15, 64)

// ldValue reads 80 bits as x87 arithmetic does (ir.Float80.Canon): with a
// zero exponent and the integer bit set, the normal number of exponent 1;
// with a nonzero exponent and the integer bit clear, the invalid operand,
// NaN.
func (x *executor) ldValue(bits *smt.Term) *smt.Term {
	exp := x.b.Extract(78, 64, bits)
	j := x.b.Eq(x.b.Extract(63, 63, bits), x.b.BVUint(1, 1))
	zeroExp := x.b.Eq(exp, x.b.BVUint(15, 0))
	exp = x.b.Ite(x.b.And(zeroExp, j), x.b.BVUint(15, 1), exp)
	ieee := x.b.Concat(x.b.Concat(x.b.Extract(79, 79, bits), exp), x.b.Extract(62, 0, bits))
	v := x.b.FPFromBits(longDoubleSort, ieee)
	return x.b.Ite(x.b.And(x.b.Not(zeroExp), x.b.Not(j)), x.b.FPNaN(longDoubleSort), v)
}

// ldBits is the encoding the x87 gives an FP(15,64) result: the integer
// bit stored, set unless the exponent is zero. A NaN result's sign and
// payload depend on the operands as the solver does not track them (it
// has one NaN), so they are left open: any quiet NaN, the kind x87
// arithmetic produces. That over-approximates; a trace depending on them
// does not replay.
func (x *executor) ldBits(v *smt.Term) *smt.Term {
	ieee := x.b.FPToBits(v)
	exp := x.b.Extract(77, 63, ieee)
	j := x.b.Ite(x.b.Eq(exp, x.b.BVUint(15, 0)), x.b.BVUint(1, 0), x.b.BVUint(1, 1))
	bits := x.b.Concat(x.b.Concat(x.b.Extract(78, 63, ieee), j), x.b.Extract(62, 0, ieee))
	if v.IsConst() {
		if isNaN, _ := x.b.FPIsNaN(v).BoolConst(); !isNaN {
			return bits
		}
	}
	sign := x.internalFresh(smt.BVSort(1))
	payload := x.internalFresh(smt.BVSort(62))
	nan := x.b.Concat(x.b.Concat(sign, x.b.BVUint(17, 0x7fff<<2|3)), payload)
	return x.b.Ite(x.b.FPIsNaN(v), nan, bits)
}
