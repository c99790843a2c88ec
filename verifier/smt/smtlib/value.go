package smtlib

import (
	"fmt"
	"math/big"
	"strconv"

	"github.com/prbmc/prbmc/verifier/smt"
)

// parseValue reads a model value of sort s as cvc5 and z3 print them in
// get-value answers. It accepts only forms it fully understands; anything
// else is an error, never a guessed value:
//
//	Bool:   true, false
//	BV:     #b…, #x…, (_ bvN w)
//	FP:     (fp sign exp sig) with #b/#x parts, (_ +zero e s), (_ -zero e s),
//	        (_ +oo e s), (_ -oo e s), (_ NaN e s), ((_ to_fp e s) #b…/#x…)
//	Array:  ((as const (Array I E)) v), (store a i v),
//	        (lambda ((x I)) (ite (= x i) v …))
func parseValue(e *sexpr, s *smt.Sort) (smt.Value, error) {
	switch s.Kind() {
	case smt.KindBool:
		switch {
		case e.isAtom("true"):
			return smt.BoolValue(true), nil
		case e.isAtom("false"):
			return smt.BoolValue(false), nil
		}
	case smt.KindBV:
		bv, err := parseBV(e, s.Width())
		if err != nil {
			return smt.Value{}, err
		}
		return smt.BVValue(bv), nil
	case smt.KindFP:
		return parseFP(e, s)
	case smt.KindArray:
		return parseArray(e, s, nil)
	}
	return smt.Value{}, fmt.Errorf("not a value of sort %s: %s", s, clip(e))
}

// clip prints e for an error message, cut to a readable length.
func clip(e *sexpr) string {
	s := e.String()
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// parseBits reads a #b or #x literal as a bit-vector of its own width.
func parseBits(e *sexpr) (smt.BitVec, bool) {
	if e.isList || len(e.atom) < 3 || e.atom[0] != '#' {
		return smt.BitVec{}, false
	}
	digits := e.atom[2:]
	var base, per int
	switch e.atom[1] {
	case 'b':
		base, per = 2, 1
	case 'x':
		base, per = 16, 4
	default:
		return smt.BitVec{}, false
	}
	x, ok := new(big.Int).SetString(digits, base)
	if !ok || x.Sign() < 0 || len(digits)*per > smt.MaxBVWidth {
		return smt.BitVec{}, false
	}
	return smt.BitVecFromBig(len(digits)*per, x), true
}

// parseBV reads a bit-vector literal of width w.
func parseBV(e *sexpr, w int) (smt.BitVec, error) {
	if bv, ok := parseBits(e); ok {
		if bv.Width() != w {
			return smt.BitVec{}, fmt.Errorf("%d-bit literal %s where %d bits are expected", bv.Width(), e, w)
		}
		return bv, nil
	}
	// (_ bvN w)
	if e.head() == "_" && len(e.list) == 3 && !e.list[1].isList && len(e.list[1].atom) > 2 && e.list[1].atom[:2] == "bv" {
		x, ok := new(big.Int).SetString(e.list[1].atom[2:], 10)
		width, err := index(e.list[2])
		if ok && err == nil && x.Sign() >= 0 && width == w && x.BitLen() <= w {
			return smt.BitVecFromBig(w, x), nil
		}
	}
	return smt.BitVec{}, fmt.Errorf("not a %d-bit value: %s", w, clip(e))
}

// index reads a numeral index.
func index(e *sexpr) (int, error) {
	if e.isList {
		return 0, fmt.Errorf("not a numeral: %s", clip(e))
	}
	n, err := strconv.Atoi(e.atom)
	if err != nil || n < 0 || e.atom[0] == '+' {
		return 0, fmt.Errorf("not a numeral: %s", e.atom)
	}
	return n, nil
}

// parseFP reads a floating-point value of sort s as its IEEE pattern.
func parseFP(e *sexpr, s *smt.Sort) (smt.Value, error) {
	eb, sb := s.EBits(), s.SBits()
	bad := func() (smt.Value, error) {
		return smt.Value{}, fmt.Errorf("not a %s value: %s", s, clip(e))
	}
	switch {
	case e.head() == "fp" && len(e.list) == 4:
		sign, ok1 := parseBits(e.list[1])
		exp, ok2 := parseBits(e.list[2])
		sig, ok3 := parseBits(e.list[3])
		if !ok1 || !ok2 || !ok3 || sign.Width() != 1 || exp.Width() != eb || sig.Width() != sb-1 {
			return bad()
		}
		bits := new(big.Int).Lsh(sign.Big(), uint(eb+sb-1))
		bits.Or(bits, new(big.Int).Lsh(exp.Big(), uint(sb-1)))
		bits.Or(bits, sig.Big())
		return smt.FPValue(s, smt.BitVecFromBig(eb+sb, bits)), nil
	case e.head() == "_" && len(e.list) == 4:
		e1, err1 := index(e.list[2])
		s1, err2 := index(e.list[3])
		if err1 != nil || err2 != nil || e1 != eb || s1 != sb {
			return bad()
		}
		w := eb + sb
		expOnes := new(big.Int).Lsh(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(eb)), big.NewInt(1)), uint(sb-1))
		signBit := new(big.Int).Lsh(big.NewInt(1), uint(w-1))
		switch e.list[1].atom {
		case "+zero":
			return smt.FPValue(s, smt.NewBitVec(w, 0)), nil
		case "-zero":
			return smt.FPValue(s, smt.BitVecFromBig(w, signBit)), nil
		case "+oo":
			return smt.FPValue(s, smt.BitVecFromBig(w, expOnes)), nil
		case "-oo":
			return smt.FPValue(s, smt.BitVecFromBig(w, new(big.Int).Or(expOnes, signBit))), nil
		case "NaN":
			return smt.FPValue(s, smt.CanonicalNaN(s)), nil
		}
		return bad()
	case e.isList && len(e.list) == 2 && e.list[0].head() == "_" && len(e.list[0].list) == 4 &&
		e.list[0].list[1].isAtom("to_fp"):
		// ((_ to_fp e s) #b…): the IEEE pattern itself.
		e1, err1 := index(e.list[0].list[2])
		s1, err2 := index(e.list[0].list[3])
		bits, ok := parseBits(e.list[1])
		if err1 != nil || err2 != nil || e1 != eb || s1 != sb || !ok || bits.Width() != eb+sb {
			return bad()
		}
		return smt.FPValue(s, bits), nil
	}
	return bad()
}

// parseArray reads an array value; entries are those of outer stores,
// which take precedence over inner ones (NewArrayValue keeps the first).
func parseArray(e *sexpr, s *smt.Sort, entries []smt.ArrayEntry) (smt.Value, error) {
	for {
		switch {
		case e.head() == "store" && len(e.list) == 4:
			entry, err := parseEntry(e.list[2], e.list[3], s)
			if err != nil {
				return smt.Value{}, err
			}
			entries = append(entries, entry)
			e = e.list[1]
			continue
		case e.isList && len(e.list) == 2 && isConstArrayHead(e.list[0], s):
			def, err := parseValue(e.list[1], s.Elem())
			if err != nil {
				return smt.Value{}, err
			}
			return smt.NewArrayValue(s, def, entries), nil
		case e.head() == "lambda" && len(e.list) == 3:
			return parseLambda(e, s, entries)
		}
		return smt.Value{}, fmt.Errorf("not a %s value: %s", s, clip(e))
	}
}

// parseEntry reads one entry of an array of sort s, a store's or a
// lambda's: index idx, value v.
func parseEntry(idx, v *sexpr, s *smt.Sort) (smt.ArrayEntry, error) {
	i, err := parseValue(idx, s.Index())
	if err != nil {
		return smt.ArrayEntry{}, err
	}
	x, err := parseValue(v, s.Elem())
	if err != nil {
		return smt.ArrayEntry{}, err
	}
	return smt.ArrayEntry{Index: i, Value: x}, nil
}

// isConstArrayHead matches (as const S) with S the array sort s.
func isConstArrayHead(h *sexpr, s *smt.Sort) bool {
	return h.head() == "as" && len(h.list) == 3 && h.list[1].isAtom("const") && h.list[2].String() == s.Key()
}

// parseLambda reads (lambda ((x I)) body) with body an ite chain
// (ite (= x i) v rest) ending in a value, as z3 prints some arrays.
func parseLambda(e *sexpr, s *smt.Sort, entries []smt.ArrayEntry) (smt.Value, error) {
	params := e.list[1]
	if !params.isList || len(params.list) != 1 || !params.list[0].isList || len(params.list[0].list) != 2 ||
		params.list[0].list[0].isList || params.list[0].list[1].String() != s.Index().Key() {
		return smt.Value{}, fmt.Errorf("not a %s value: %s", s, clip(e))
	}
	x := params.list[0].list[0].atom
	body := e.list[2]
	for body.head() == "ite" && len(body.list) == 4 {
		cond := body.list[1]
		if cond.head() != "=" || len(cond.list) != 3 {
			break
		}
		var idx *sexpr
		switch {
		case cond.list[1].isAtom(x):
			idx = cond.list[2]
		case cond.list[2].isAtom(x):
			idx = cond.list[1]
		default:
			return smt.Value{}, fmt.Errorf("array lambda with condition %s", clip(cond))
		}
		entry, err := parseEntry(idx, body.list[2], s)
		if err != nil {
			return smt.Value{}, err
		}
		entries = append(entries, entry)
		body = body.list[3]
	}
	def, err := parseValue(body, s.Elem())
	if err != nil {
		return smt.Value{}, fmt.Errorf("array lambda: %w", err)
	}
	return smt.NewArrayValue(s, def, entries), nil
}
