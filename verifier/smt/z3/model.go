package z3

/*
#include "z3helpers.h"
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/prbmc/prbmc/verifier/smt"
)

// Model is a Z3 model; it is valid until the solver changes (next Assert,
// Push, Pop, Check or Close).
type Model struct {
	s   *Solver
	m   C.Z3_model
	gen uint64
}

var errStale = errors.New("z3: model used after the solver changed")

// Eval evaluates t in the model with model completion.
func (m *Model) Eval(t *smt.Term) (smt.Value, error) {
	if m.s.closed || m.gen != m.s.gen {
		return smt.Value{}, errStale
	}
	z, err := m.s.tr.translate(context.Background(), t)
	if err != nil {
		return smt.Value{}, fmt.Errorf("z3: eval: %w", err)
	}
	v, err := m.eval(z)
	if err != nil {
		return smt.Value{}, err
	}
	defer m.s.tr.decRef(v)
	val, err := m.decode(v, t.Sort())
	if err != nil {
		return smt.Value{}, fmt.Errorf("z3: eval %s: %w", t.Sort(), err)
	}
	return val, nil
}

// eval returns an owned AST.
func (m *Model) eval(z C.Z3_ast) (C.Z3_ast, error) {
	return m.s.tr.modelEval(m.m, z)
}

func (m *Model) astString(z C.Z3_ast) string { return C.GoString(C.Z3_ast_to_string(m.s.c, z)) }

// decode reads a value AST (a numeral, or an array term) as an smt.Value.
func (m *Model) decode(v C.Z3_ast, s *smt.Sort) (smt.Value, error) {
	c := m.s.c
	switch s.Kind() {
	case smt.KindBool:
		switch C.Z3_get_bool_value(c, v) {
		case C.Z3_L_TRUE:
			return smt.BoolValue(true), nil
		case C.Z3_L_FALSE:
			return smt.BoolValue(false), nil
		}
		return smt.Value{}, fmt.Errorf("not a Boolean value: %s", m.astString(v))
	case smt.KindBV:
		bv, err := m.bvNumeral(v, s.Width())
		if err != nil {
			return smt.Value{}, err
		}
		return smt.BVValue(bv), nil
	case smt.KindFP:
		if C.Z3_fpa_is_numeral_nan(c, v) {
			return smt.FPValue(s, smt.CanonicalNaN(s)), nil
		}
		// The IEEE pattern of a non-NaN numeral is determined; let Z3
		// compute it rather than re-deriving exponent biasing and
		// subnormals from the sign/exponent/significand accessors.
		ieee, err := m.s.tr.mk(C.P_FPTOIEEE, []C.Z3_ast{v}, 0, 0, smt.RNE, nil, 0)
		if err != nil {
			return smt.Value{}, err
		}
		defer m.s.tr.decRef(ieee)
		n, err := m.eval(ieee)
		if err != nil {
			return smt.Value{}, err
		}
		defer m.s.tr.decRef(n)
		bits, err := m.bvNumeral(n, s.Width())
		if err != nil {
			return smt.Value{}, fmt.Errorf("FP value %s: %w", m.astString(v), err)
		}
		return smt.FPValue(s, bits), nil
	case smt.KindArray:
		return m.arrayValue(v, s)
	}
	return smt.Value{}, fmt.Errorf("unsupported sort %s", s)
}

// bvNumeral reads a BV numeral; Z3 spells them as unsigned decimals.
func (m *Model) bvNumeral(v C.Z3_ast, w int) (smt.BitVec, error) {
	c := m.s.c
	if !C.Z3_is_numeral_ast(c, v) {
		return smt.BitVec{}, fmt.Errorf("not a numeral: %s", m.astString(v))
	}
	if w <= 64 {
		var u C.uint64_t
		if C.Z3_get_numeral_uint64(c, v, &u) {
			return smt.NewBitVec(w, uint64(u)), nil
		}
	}
	str := C.GoString(C.Z3_get_numeral_string(c, v))
	if err := z3Error(c, "numeral string"); err != nil {
		return smt.BitVec{}, err
	}
	x, ok := new(big.Int).SetString(str, 10)
	if !ok || x.Sign() < 0 || x.BitLen() > w {
		return smt.BitVec{}, fmt.Errorf("bad %d-bit numeral %q", w, str)
	}
	return smt.BitVecFromBig(w, x), nil
}

// entry decodes one entry of an array of sort s: index iz, value vz.
// Each form of array value Z3 gives (store, function interpretation,
// lambda) reads its entries so.
func (m *Model) entry(iz, vz C.Z3_ast, s *smt.Sort) (smt.ArrayEntry, error) {
	i, err := m.decode(iz, s.Index())
	if err != nil {
		return smt.ArrayEntry{}, err
	}
	x, err := m.decode(vz, s.Elem())
	if err != nil {
		return smt.ArrayEntry{}, err
	}
	return smt.ArrayEntry{Index: i, Value: x}, nil
}

// arrayValue reads the array terms Z3 puts in models: store chains over a
// constant array, (_ as-array f) with f's function interpretation, and
// lambdas whose body is an ite chain over the bound variable.
func (m *Model) arrayValue(v C.Z3_ast, s *smt.Sort) (smt.Value, error) {
	c := m.s.c
	var entries []smt.ArrayEntry
	// The walk borrows subterms of v, which v keeps alive.
	for {
		if C.Z3_is_as_array(c, v) {
			return m.funcInterpValue(C.Z3_get_as_array_func_decl(c, v), s, entries)
		}
		if C.Z3_get_ast_kind(c, v) != C.Z3_APP_AST {
			if C.Z3_is_lambda(c, v) {
				return m.lambdaValue(v, s, entries)
			}
			return smt.Value{}, fmt.Errorf("unexpected array value %s", m.astString(v))
		}
		app := C.Z3_to_app(c, v)
		switch C.Z3_get_decl_kind(c, C.Z3_get_app_decl(c, app)) {
		case C.Z3_OP_STORE:
			e, err := m.entry(C.Z3_get_app_arg(c, app, 1), C.Z3_get_app_arg(c, app, 2), s)
			if err != nil {
				return smt.Value{}, err
			}
			entries = append(entries, e)
			v = C.Z3_get_app_arg(c, app, 0)
			continue
		case C.Z3_OP_CONST_ARRAY:
			def, err := m.decode(C.Z3_get_app_arg(c, app, 0), s.Elem())
			if err != nil {
				return smt.Value{}, err
			}
			return smt.NewArrayValue(s, def, entries), nil
		}
		return smt.Value{}, fmt.Errorf("unexpected array value %s", m.astString(v))
	}
}

func (m *Model) funcInterpValue(f C.Z3_func_decl, s *smt.Sort, entries []smt.ArrayEntry) (smt.Value, error) {
	c := m.s.c
	fi := C.Z3_model_get_func_interp(c, m.m, f)
	if fi == nil {
		return smt.Value{}, mustErr(c, "array interpretation")
	}
	C.Z3_func_interp_inc_ref(c, fi)
	m.s.tr.owned++
	defer func() {
		C.Z3_func_interp_dec_ref(c, fi)
		m.s.tr.owned--
	}()
	n := int(C.Z3_func_interp_get_num_entries(c, fi))
	for k := 0; k < n; k++ {
		e := C.Z3_func_interp_get_entry(c, fi, C.unsigned(k))
		C.Z3_func_entry_inc_ref(c, e)
		m.s.tr.owned++
		ae, err := m.entry(C.Z3_func_entry_get_arg(c, e, 0), C.Z3_func_entry_get_value(c, e), s)
		C.Z3_func_entry_dec_ref(c, e)
		m.s.tr.owned--
		if err != nil {
			return smt.Value{}, err
		}
		entries = append(entries, ae)
	}
	els := C.Z3_func_interp_get_else(c, fi)
	if els == nil {
		return smt.Value{}, mustErr(c, "array default")
	}
	// The else part may be a term rather than a numeral; evaluating it
	// with completion gives a value.
	ev, err := m.eval(els)
	if err != nil {
		return smt.Value{}, err
	}
	defer m.s.tr.decRef(ev)
	def, err := m.decode(ev, s.Elem())
	if err != nil {
		return smt.Value{}, err
	}
	return smt.NewArrayValue(s, def, entries), nil
}

// lambdaValue reads (lambda ((x I)) (ite (= x i1) v1 (ite … vdefault))).
func (m *Model) lambdaValue(v C.Z3_ast, s *smt.Sort, entries []smt.ArrayEntry) (smt.Value, error) {
	c := m.s.c
	body := C.Z3_get_quantifier_body(c, v)
	for {
		if C.Z3_get_ast_kind(c, body) == C.Z3_APP_AST {
			app := C.Z3_to_app(c, body)
			if C.Z3_get_decl_kind(c, C.Z3_get_app_decl(c, app)) == C.Z3_OP_ITE {
				cond := C.Z3_get_app_arg(c, app, 0)
				if idx, ok := m.boundEquality(cond); ok {
					e, err := m.entry(idx, C.Z3_get_app_arg(c, app, 1), s)
					if err != nil {
						return smt.Value{}, err
					}
					entries = append(entries, e)
					body = C.Z3_get_app_arg(c, app, 2)
					continue
				}
			}
		}
		def, err := m.decode(body, s.Elem())
		if err != nil {
			return smt.Value{}, fmt.Errorf("array lambda %s: %w", m.astString(v), err)
		}
		return smt.NewArrayValue(s, def, entries), nil
	}
}

// boundEquality matches (= (:var 0) k) or (= k (:var 0)) and returns k.
func (m *Model) boundEquality(cond C.Z3_ast) (C.Z3_ast, bool) {
	c := m.s.c
	if C.Z3_get_ast_kind(c, cond) != C.Z3_APP_AST {
		return nil, false
	}
	app := C.Z3_to_app(c, cond)
	if C.Z3_get_decl_kind(c, C.Z3_get_app_decl(c, app)) != C.Z3_OP_EQ {
		return nil, false
	}
	a, b := C.Z3_get_app_arg(c, app, 0), C.Z3_get_app_arg(c, app, 1)
	isVar := func(x C.Z3_ast) bool {
		return C.Z3_get_ast_kind(c, x) == C.Z3_VAR_AST && C.Z3_get_index_value(c, x) == 0
	}
	switch {
	case isVar(a):
		return b, true
	case isVar(b):
		return a, true
	}
	return nil, false
}
