package z3

/*
#include "z3helpers.h"
*/
import "C"

import (
	"context"
	"fmt"
	"strings"
	"unsafe"

	"github.com/prbmc/prbmc/verifier/smt"
)

// translator turns smt terms into Z3 ASTs. The memo holds one reference per
// translated term. It is scoped like the solver: what is translated inside
// a scope is released when the scope is popped, so a long incremental run
// (push, assert, check, pop, …) does not accumulate ASTs. A term used again
// after its scope was popped is simply translated again.
type translator struct {
	c     C.Z3_context
	memo  map[*smt.Term]C.Z3_ast
	log   []*smt.Term // memo keys in insertion order, for pop
	marks []int       // len(log) at each push
	sorts map[string]C.Z3_sort
	args  []C.Z3_ast
	// owned counts the Z3 references held through this translator (ASTs,
	// sorts, models), so tests can check that every one is given back.
	owned int
}

// decRef gives back owned ASTs.
func (tr *translator) decRef(asts ...C.Z3_ast) {
	decRefs(tr.c, asts)
	tr.owned -= len(asts)
}

func (tr *translator) init(c C.Z3_context) {
	tr.c = c
	tr.memo = make(map[*smt.Term]C.Z3_ast)
	tr.sorts = make(map[string]C.Z3_sort)
}

func (tr *translator) push() { tr.marks = append(tr.marks, len(tr.log)) }

func (tr *translator) pop(n int) {
	mark := tr.marks[len(tr.marks)-n]
	tr.marks = tr.marks[:len(tr.marks)-n]
	tr.dropFrom(mark)
}

func (tr *translator) dropFrom(mark int) {
	dead := make([]C.Z3_ast, 0, len(tr.log)-mark)
	for _, t := range tr.log[mark:] {
		dead = append(dead, tr.memo[t])
		delete(tr.memo, t)
	}
	clear(tr.log[mark:])
	tr.log = tr.log[:mark]
	tr.decRef(dead...)
}

// release drops every reference; the translator is unusable afterwards.
func (tr *translator) release() {
	tr.dropFrom(0)
	for _, s := range tr.sorts {
		C.prbmc_dec_sort(tr.c, s)
		tr.owned--
	}
	tr.sorts = nil
	tr.marks = nil
}

func (tr *translator) sort(s *smt.Sort) (C.Z3_sort, error) {
	if z, ok := tr.sorts[s.Key()]; ok {
		return z, nil
	}
	var z C.Z3_sort
	switch s.Kind() {
	case smt.KindBool:
		z = C.prbmc_mk_sort(tr.c, 1, 0, 0, nil, nil)
	case smt.KindBV:
		z = C.prbmc_mk_sort(tr.c, 2, C.unsigned(s.Width()), 0, nil, nil)
	case smt.KindFP:
		z = C.prbmc_mk_sort(tr.c, 3, C.unsigned(s.EBits()), C.unsigned(s.SBits()), nil, nil)
	case smt.KindArray:
		i, err := tr.sort(s.Index())
		if err != nil {
			return nil, err
		}
		e, err := tr.sort(s.Elem())
		if err != nil {
			return nil, err
		}
		z = C.prbmc_mk_sort(tr.c, 4, 0, 0, i, e)
	default:
		return nil, fmt.Errorf("unsupported sort %v", s)
	}
	if z == nil {
		return nil, mustErr(tr.c, "sort "+s.Key())
	}
	tr.owned++
	tr.sorts[s.Key()] = z
	return z, nil
}

// translate returns the AST of t, borrowed from the memo (valid until t's
// scope is popped). The walk is iterative: SSA equations of unwound loops
// can be deeper than is comfortable for recursion.
func (tr *translator) translate(ctx context.Context, t *smt.Term) (C.Z3_ast, error) {
	if z, ok := tr.memo[t]; ok {
		return z, nil
	}
	stack := []*smt.Term{t}
	for n := 0; len(stack) > 0; n++ {
		if n%translateCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		x := stack[len(stack)-1]
		if _, ok := tr.memo[x]; ok {
			stack = stack[:len(stack)-1]
			continue
		}
		pending := false
		for i := 0; i < x.NumArgs(); i++ {
			if _, ok := tr.memo[x.Arg(i)]; !ok {
				stack = append(stack, x.Arg(i))
				pending = true
			}
		}
		if pending {
			continue
		}
		stack = stack[:len(stack)-1]
		z, err := tr.build(x)
		if err != nil {
			return nil, err
		}
		tr.memo[x] = z
		tr.log = append(tr.log, x)
	}
	return tr.memo[t], nil
}

// translateCheckEvery is how many nodes translate visits between looks at
// its context (about a millisecond of work).
const translateCheckEvery = 4096

var simpleOps = map[smt.Op]C.int{
	smt.OpNot: C.P_NOT, smt.OpAnd: C.P_AND, smt.OpOr: C.P_OR, smt.OpXor: C.P_XOR,
	smt.OpIte: C.P_ITE, smt.OpEq: C.P_EQ,
	smt.OpBVNeg: C.P_BVNEG, smt.OpBVNot: C.P_BVNOT, smt.OpBVAdd: C.P_BVADD, smt.OpBVSub: C.P_BVSUB,
	smt.OpBVMul: C.P_BVMUL, smt.OpBVUDiv: C.P_BVUDIV, smt.OpBVSDiv: C.P_BVSDIV,
	smt.OpBVURem: C.P_BVUREM, smt.OpBVSRem: C.P_BVSREM, smt.OpBVShl: C.P_BVSHL,
	smt.OpBVLShr: C.P_BVLSHR, smt.OpBVAShr: C.P_BVASHR, smt.OpBVAnd: C.P_BVAND,
	smt.OpBVOr: C.P_BVOR, smt.OpBVXor: C.P_BVXOR, smt.OpBVUlt: C.P_BVULT, smt.OpBVUle: C.P_BVULE,
	smt.OpBVSlt: C.P_BVSLT, smt.OpBVSle: C.P_BVSLE, smt.OpConcat: C.P_CONCAT,
	smt.OpExtract: C.P_EXTRACT, smt.OpZeroExt: C.P_ZEXT, smt.OpSignExt: C.P_SEXT,
	smt.OpSelect: C.P_SELECT, smt.OpStore: C.P_STORE, smt.OpConstArray: C.P_CONST_ARRAY,
	smt.OpFPAdd: C.P_FPADD, smt.OpFPSub: C.P_FPSUB, smt.OpFPMul: C.P_FPMUL, smt.OpFPDiv: C.P_FPDIV,
	smt.OpFPSqrt: C.P_FPSQRT, smt.OpFPRoundToIntegral: C.P_FPRTI, smt.OpFPNeg: C.P_FPNEG,
	smt.OpFPAbs: C.P_FPABS, smt.OpFPEq: C.P_FPEQ, smt.OpFPLt: C.P_FPLT, smt.OpFPLe: C.P_FPLE,
	smt.OpFPIsNaN: C.P_FPISNAN, smt.OpFPIsInf: C.P_FPISINF, smt.OpFPIsZero: C.P_FPISZERO,
	smt.OpFPIsNegative: C.P_FPISNEG, smt.OpFPFromBits: C.P_FPFROMBITS,
	smt.OpFPToSBV: C.P_FPTOSBV, smt.OpFPToUBV: C.P_FPTOUBV, smt.OpFPFromSBV: C.P_FPFROMSBV,
	smt.OpFPFromUBV: C.P_FPFROMUBV, smt.OpFPToFP: C.P_FPTOFP,
}

// mk builds one node over owned or borrowed args and returns an owned AST.
func (tr *translator) mk(op C.int, args []C.Z3_ast, i0, i1 int, rm smt.RoundingMode, s C.Z3_sort, u uint64) (C.Z3_ast, error) {
	var p *C.Z3_ast
	if len(args) > 0 {
		p = (*C.Z3_ast)(unsafe.Pointer(&args[0]))
	}
	z := C.prbmc_mk(tr.c, op, p, C.unsigned(len(args)), C.unsigned(i0), C.unsigned(i1),
		C.int(rm), s, C.ulonglong(u))
	if z == nil {
		return nil, mustErr(tr.c, fmt.Sprintf("building op %d", int(op)))
	}
	tr.owned++
	return z, nil
}

// numeral returns an owned BV numeral.
func (tr *translator) numeral(v smt.BitVec) (C.Z3_ast, error) {
	s, err := tr.sort(smt.BVSort(v.Width()))
	if err != nil {
		return nil, err
	}
	if v.Width() <= 64 {
		return tr.mk(C.P_NUMERAL_U64, nil, 0, 0, smt.RNE, s, v.Uint64())
	}
	return tr.mkNamed(1, v.Text(10), s, "numeral "+v.String())
}

// mkNamed makes (prbmc_mk_named) a numeral (kind 1) or a constant (kind
// 0) of sort s from its text; what names it in an error. The AST is
// owned.
func (tr *translator) mkNamed(kind C.int, text string, s C.Z3_sort, what string) (C.Z3_ast, error) {
	str := C.CString(text)
	defer C.free(unsafe.Pointer(str))
	z := C.prbmc_mk_named(tr.c, kind, str, s)
	if z == nil {
		return nil, mustErr(tr.c, what)
	}
	tr.owned++
	return z, nil
}

// modelEval evaluates z in m with completion and returns an owned AST.
func (tr *translator) modelEval(m C.Z3_model, z C.Z3_ast) (C.Z3_ast, error) {
	v := C.prbmc_model_eval(tr.c, m, z)
	if v == nil {
		return nil, mustErr(tr.c, "model eval")
	}
	tr.owned++
	return v, nil
}

func (tr *translator) build(t *smt.Term) (C.Z3_ast, error) {
	sort, err := tr.sort(t.Sort())
	if err != nil {
		return nil, err
	}
	switch t.Op() {
	case smt.OpConst:
		switch t.Sort().Kind() {
		case smt.KindBool:
			if t.IsTrue() {
				return tr.mk(C.P_TRUE, nil, 0, 0, smt.RNE, nil, 0)
			}
			return tr.mk(C.P_FALSE, nil, 0, 0, smt.RNE, nil, 0)
		case smt.KindBV:
			v, _ := t.BVConst()
			return tr.numeral(v)
		case smt.KindFP:
			bits, _ := t.FPConstBits()
			if bits.Equal(smt.CanonicalNaN(t.Sort())) {
				return tr.mk(C.P_FPNAN, nil, 0, 0, smt.RNE, sort, 0)
			}
			n, err := tr.numeral(bits)
			if err != nil {
				return nil, err
			}
			defer tr.decRef(n)
			return tr.mk(C.P_FPFROMBITS, []C.Z3_ast{n}, 0, 0, smt.RNE, sort, 0)
		}
	case smt.OpVar:
		if strings.IndexByte(t.Name(), 0) >= 0 {
			// C strings end at NUL: "a\x00b" would become "a".
			return nil, fmt.Errorf("variable name %q contains NUL", t.Name())
		}
		return tr.mkNamed(0, t.Name(), sort, "constant "+t.Name())
	case smt.OpFPToBits:
		// fp.to_ieee_bv leaves NaN's pattern unspecified; ours is canonical.
		x := tr.memo[t.Arg(0)]
		isNaN, err := tr.mk(C.P_FPISNAN, []C.Z3_ast{x}, 0, 0, smt.RNE, nil, 0)
		if err != nil {
			return nil, err
		}
		defer tr.decRef(isNaN)
		nan, err := tr.numeral(smt.CanonicalNaN(t.Arg(0).Sort()))
		if err != nil {
			return nil, err
		}
		defer tr.decRef(nan)
		ieee, err := tr.mk(C.P_FPTOIEEE, []C.Z3_ast{x}, 0, 0, smt.RNE, nil, 0)
		if err != nil {
			return nil, err
		}
		defer tr.decRef(ieee)
		return tr.mk(C.P_ITE, []C.Z3_ast{isNaN, nan, ieee}, 0, 0, smt.RNE, nil, 0)
	}
	op, ok := simpleOps[t.Op()]
	if !ok {
		return nil, fmt.Errorf("unsupported operator %v", t.Op())
	}
	tr.args = tr.args[:0]
	for i := 0; i < t.NumArgs(); i++ {
		tr.args = append(tr.args, tr.memo[t.Arg(i)])
	}
	i0, i1 := 0, 0
	if idx := t.Indices(); len(idx) > 0 {
		i0 = idx[0]
		if len(idx) > 1 {
			i1 = idx[1]
		}
	}
	if t.Op() == smt.OpConstArray {
		// Z3_mk_const_array takes the index sort.
		sort, err = tr.sort(t.Sort().Index())
		if err != nil {
			return nil, err
		}
	}
	return tr.mk(op, tr.args, i0, i1, t.RoundingMode(), sort, 0)
}
