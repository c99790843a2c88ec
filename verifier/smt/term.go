package smt

import "fmt"

// Op identifies a term's operator.
type Op uint8

// The operators. Constants of every sort share OpConst; the sort tells them
// apart.
const (
	OpInvalid Op = iota
	OpConst      // Bool, BV or FP constant
	OpVar        // named free constant

	OpNot
	OpAnd // n-ary
	OpOr  // n-ary
	OpXor // Boolean exclusive or
	OpIte
	OpEq // any sort; on FP it is SMT-LIB's structural =, not fp.eq

	OpBVNeg
	OpBVNot
	OpBVAdd
	OpBVSub
	OpBVMul
	OpBVUDiv
	OpBVSDiv
	OpBVURem
	OpBVSRem
	OpBVShl
	OpBVLShr
	OpBVAShr
	OpBVAnd
	OpBVOr
	OpBVXor
	OpBVUlt
	OpBVUle
	OpBVSlt
	OpBVSle
	OpConcat
	OpExtract // indices hi, lo
	OpZeroExt // index n
	OpSignExt // index n

	OpSelect
	OpStore
	OpConstArray

	OpFPAdd // rounding mode in RoundingMode()
	OpFPSub
	OpFPMul
	OpFPDiv
	OpFPSqrt
	OpFPRoundToIntegral
	OpFPNeg
	OpFPAbs
	OpFPEq // IEEE equality
	OpFPLt
	OpFPLe
	OpFPIsNaN
	OpFPIsInf
	OpFPIsZero
	OpFPIsNegative
	OpFPFromBits // reinterpret an IEEE bit pattern
	OpFPToBits   // IEEE bit pattern, NaN canonical
	OpFPToSBV    // index w, rounding toward zero
	OpFPToUBV    // index w, rounding toward zero
	OpFPFromSBV
	OpFPFromUBV
	OpFPToFP

	numOps
)

var opNames = [numOps]string{
	OpInvalid: "<invalid>", OpConst: "const", OpVar: "var",
	OpNot: "not", OpAnd: "and", OpOr: "or", OpXor: "xor", OpIte: "ite", OpEq: "=",
	OpBVNeg: "bvneg", OpBVNot: "bvnot", OpBVAdd: "bvadd", OpBVSub: "bvsub", OpBVMul: "bvmul",
	OpBVUDiv: "bvudiv", OpBVSDiv: "bvsdiv", OpBVURem: "bvurem", OpBVSRem: "bvsrem",
	OpBVShl: "bvshl", OpBVLShr: "bvlshr", OpBVAShr: "bvashr",
	OpBVAnd: "bvand", OpBVOr: "bvor", OpBVXor: "bvxor",
	OpBVUlt: "bvult", OpBVUle: "bvule", OpBVSlt: "bvslt", OpBVSle: "bvsle",
	OpConcat: "concat", OpExtract: "extract", OpZeroExt: "zero_extend", OpSignExt: "sign_extend",
	OpSelect: "select", OpStore: "store", OpConstArray: "const",
	OpFPAdd: "fp.add", OpFPSub: "fp.sub", OpFPMul: "fp.mul", OpFPDiv: "fp.div",
	OpFPSqrt: "fp.sqrt", OpFPRoundToIntegral: "fp.roundToIntegral",
	OpFPNeg: "fp.neg", OpFPAbs: "fp.abs", OpFPEq: "fp.eq", OpFPLt: "fp.lt", OpFPLe: "fp.leq",
	OpFPIsNaN: "fp.isNaN", OpFPIsInf: "fp.isInfinite", OpFPIsZero: "fp.isZero",
	OpFPIsNegative: "fp.isNegative", OpFPFromBits: "to_fp", OpFPToBits: "fp.to_ieee_bv",
	OpFPToSBV: "fp.to_sbv", OpFPToUBV: "fp.to_ubv", OpFPFromSBV: "to_fp",
	OpFPFromUBV: "to_fp_unsigned", OpFPToFP: "to_fp",
}

// String returns the SMT-LIB name of the operator.
func (o Op) String() string {
	if o < numOps {
		return opNames[o]
	}
	return fmt.Sprintf("Op(%d)", uint8(o))
}

// RoundingMode is an IEEE-754 rounding mode.
type RoundingMode uint8

// The rounding modes. RNE is what C uses for arithmetic and conversions to
// floating point; RTZ is what C uses for conversions to integers.
const (
	RNE RoundingMode = iota // round to nearest, ties to even
	RNA                     // round to nearest, ties away from zero
	RTP                     // toward +infinity
	RTN                     // toward -infinity
	RTZ                     // toward zero
)

func (r RoundingMode) String() string {
	switch r {
	case RNE:
		return "RNE"
	case RNA:
		return "RNA"
	case RTP:
		return "RTP"
	case RTN:
		return "RTN"
	case RTZ:
		return "RTZ"
	}
	return fmt.Sprintf("RoundingMode(%d)", uint8(r))
}

// Term is a node of the term DAG. Terms are immutable and hash-consed by
// their Builder: two structurally equal terms of one Builder are the same
// pointer, so *Term (or ID) works as a map key and == as structural
// equality.
type Term struct {
	id   uint64
	b    *Builder
	op   Op
	rm   RoundingMode
	sort *Sort
	args []*Term
	idx  [2]int
	name string
	val  BitVec // OpConst: BV value, FP bit pattern, or 1 bit for Bool
}

// ID is unique among the terms of one Builder and increases with creation
// order, so children have smaller IDs than their parents.
func (t *Term) ID() uint64 { return t.id }

// Op is the operator.
func (t *Term) Op() Op { return t.op }

// Sort is the term's sort (the Builder's canonical pointer).
func (t *Term) Sort() *Sort { return t.sort }

// NumArgs is the number of arguments.
func (t *Term) NumArgs() int { return len(t.args) }

// Arg returns argument i.
func (t *Term) Arg(i int) *Term { return t.args[i] }

// Args returns a copy of the arguments.
func (t *Term) Args() []*Term { return append([]*Term(nil), t.args...) }

// Indices returns the SMT-LIB indices of an indexed operator: (hi, lo) for
// extract, (n) for zero_extend/sign_extend, (w) for fp.to_sbv/fp.to_ubv;
// nil otherwise.
func (t *Term) Indices() []int {
	switch t.op {
	case OpExtract:
		return []int{t.idx[0], t.idx[1]}
	case OpZeroExt, OpSignExt, OpFPToSBV, OpFPToUBV:
		return []int{t.idx[0]}
	}
	return nil
}

// RoundingMode is the rounding mode of a rounding FP operator (RNE for
// arithmetic and conversions to FP, RTZ for fp.to_sbv/fp.to_ubv).
func (t *Term) RoundingMode() RoundingMode { return t.rm }

// HasRoundingMode reports whether the operator takes a rounding mode.
func (t *Term) HasRoundingMode() bool {
	switch t.op {
	case OpFPAdd, OpFPSub, OpFPMul, OpFPDiv, OpFPSqrt, OpFPRoundToIntegral,
		OpFPToSBV, OpFPToUBV, OpFPFromSBV, OpFPFromUBV, OpFPToFP:
		return true
	}
	return false
}

// Name is the name of a variable.
func (t *Term) Name() string { return t.name }

// IsConst reports whether t is a Bool, BV or FP constant.
func (t *Term) IsConst() bool { return t.op == OpConst }

// IsTrue reports whether t is the constant true.
func (t *Term) IsTrue() bool { return t.op == OpConst && t.sort.kind == KindBool && t.val.lo == 1 }

// IsFalse reports whether t is the constant false.
func (t *Term) IsFalse() bool { return t.op == OpConst && t.sort.kind == KindBool && t.val.lo == 0 }

// BoolConst returns the value of a Boolean constant.
func (t *Term) BoolConst() (value, ok bool) {
	if t.op != OpConst || t.sort.kind != KindBool {
		return false, false
	}
	return t.val.lo == 1, true
}

// BVConst returns the value of a bit-vector constant.
func (t *Term) BVConst() (BitVec, bool) {
	if t.op != OpConst || t.sort.kind != KindBV {
		return BitVec{}, false
	}
	return t.val, true
}

// FPConstBits returns the IEEE bit pattern of a floating-point constant
// (NaN constants always carry the canonical NaN pattern, see CanonicalNaN).
func (t *Term) FPConstBits() (BitVec, bool) {
	if t.op != OpConst || t.sort.kind != KindFP {
		return BitVec{}, false
	}
	return t.val, true
}

func (t *Term) isBVConst() bool { return t.op == OpConst && t.sort.kind == KindBV }
