package smtlib

import (
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/prbmc/prbmc/verifier/smt"
)

// Golden get-value answers, copied from z3 4.8.12 (/usr/bin/z3 -in -smt2)
// and cvc5 1.0.3 (Debian 12), with the values they denote.
func TestParseValueGolden(t *testing.T) {
	bv8 := smt.BVSort(8)
	f32, f64 := smt.Float32Sort(), smt.Float64Sort()
	h := smt.FPSort(5, 11)
	arr := smt.ArraySort(bv8, bv8)
	bvv := func(w int, x uint64) smt.Value { return smt.BVValue(smt.NewBitVec(w, x)) }
	f32v := func(bits uint32) smt.Value { return smt.FPValue(f32, smt.NewBitVec(32, uint64(bits))) }
	a := func(s *smt.Sort, def smt.Value, kv ...smt.Value) smt.Value {
		var es []smt.ArrayEntry
		for i := 0; i < len(kv); i += 2 {
			es = append(es, smt.ArrayEntry{Index: kv[i], Value: kv[i+1]})
		}
		return smt.NewArrayValue(s, def, es)
	}
	nested := smt.ArraySort(smt.BVSort(2), smt.ArraySort(smt.BVSort(2), smt.BVSort(3)))
	inner := nested.Elem()
	for _, c := range []struct {
		text string
		sort *smt.Sort
		want smt.Value
	}{
		// Booleans and bit-vectors.
		{"true", smt.BoolSort(), smt.BoolValue(true)},
		{"false", smt.BoolSort(), smt.BoolValue(false)},
		{"#x01", bv8, bvv(8, 1)},          // z3
		{"#b11111111", bv8, bvv(8, 255)},  // cvc5
		{"#b0", smt.BVSort(1), bvv(1, 0)}, // both
		{"(_ bv200 8)", bv8, bvv(8, 200)}, // z3 with pp.bv_literals=false
		{"#b11111111111111111111111111111111111111111111111111111111111111111", smt.BVSort(65),
			smt.BVValue(smt.BitVecFromBig(65, new(bigInt).Sub(new(bigInt).Lsh(bigOne(), 65), bigOne())))},
		// Floating point: z3 spells the parts in hex when their width
		// is a multiple of 4, cvc5 always in binary.
		{"(_ NaN 8 24)", f32, smt.FPValue(f32, smt.CanonicalNaN(f32))},
		{"(fp #b0 #b11111111 #b10000000000000000000000)", f32, smt.FPValue(f32, smt.CanonicalNaN(f32))},
		{"(fp #b0 #b11111111 #b00000000000000000000001)", f32, smt.FPValue(f32, smt.CanonicalNaN(f32))},
		{"(_ -zero 8 24)", f32, f32v(0x80000000)},
		{"(fp #b1 #b00000000 #b00000000000000000000000)", f32, f32v(0x80000000)},
		{"(_ +zero 8 24)", f32, f32v(0)},
		{"(_ +oo 8 24)", f32, f32v(0x7f800000)},
		{"(_ -oo 8 24)", f32, f32v(0xff800000)},
		{"(fp #b1 #b11111111 #b00000000000000000000000)", f32, f32v(0xff800000)},
		{"(fp #b0 #x01 #b00000000000000000000001)", f32, f32v(0x00800001)},
		{"(fp #b0 #b00000000 #b00010000000000000000000)", f32, f32v(0x00080000)},
		{"(fp #b0 #b01111111011 #x999999999999a)", f64, smt.Float64Value(0.1)},
		{"(fp #b0 #b01111111011 #b1001100110011001100110011001100110011001100110011010)", f64, smt.Float64Value(0.1)},
		{"(fp #b1 #b00000 #b0000000001)", h, smt.FPValue(h, smt.NewBitVec(16, 0x8001))},
		{"(_ NaN 5 11)", h, smt.FPValue(h, smt.CanonicalNaN(h))},
		{"((_ to_fp 8 24) #x3f800000)", f32, smt.Float32Value(1)},
		// Arrays.
		{"((as const (Array (_ BitVec 8) (_ BitVec 8))) #x05)", arr, a(arr, bvv(8, 5))},
		{"(store ((as const (Array (_ BitVec 8) (_ BitVec 8))) #x09) #x03 #x07)", arr, a(arr, bvv(8, 9), bvv(8, 3), bvv(8, 7))},
		{"(store (store ((as const (Array (_ BitVec 8) (_ BitVec 8))) #b00000000) #b00000011 #b00000111) #b00000100 #b00001001)",
			arr, a(arr, bvv(8, 0), bvv(8, 3), bvv(8, 7), bvv(8, 4), bvv(8, 9))},
		// The outer store wins.
		{"(store (store ((as const (Array (_ BitVec 8) (_ BitVec 8))) #x00) #x03 #x07) #x03 #x08)",
			arr, a(arr, bvv(8, 0), bvv(8, 3), bvv(8, 8))},
		{"(store ((as const (Array (_ BitVec 8) Bool)) true) #x02 false)", smt.ArraySort(bv8, smt.BoolSort()),
			a(smt.ArraySort(bv8, smt.BoolSort()), smt.BoolValue(true), bvv(8, 2), smt.BoolValue(false))},
		{"(store ((as const (Array (_ BitVec 4) (_ FloatingPoint 8 24))) (_ NaN 8 24)) #x2 (fp #b1 #x00 #b00000000000000000000001))",
			smt.ArraySort(smt.BVSort(4), f32), a(smt.ArraySort(smt.BVSort(4), f32), smt.FPValue(f32, smt.CanonicalNaN(f32)),
				bvv(4, 2), f32v(0x80000001))},
		{"((as const (Array (_ BitVec 2) (Array (_ BitVec 2) (_ BitVec 3)))) ((as const (Array (_ BitVec 2) (_ BitVec 3))) #b101))",
			nested, a(nested, a(inner, bvv(3, 5)))},
		{"(store ((as const (Array (_ BitVec 2) (Array (_ BitVec 2) (_ BitVec 3)))) ((as const (Array (_ BitVec 2) (_ BitVec 3))) #b000)) #b01 (store ((as const (Array (_ BitVec 2) (_ BitVec 3))) #b000) #b10 #b101))",
			nested, a(nested, a(inner, bvv(3, 0)), bvv(2, 1), a(inner, bvv(3, 0), bvv(2, 2), bvv(3, 5)))},
		// z3's lambda form of some arrays.
		{"(lambda ((x!1 (_ BitVec 8))) (ite (= x!1 #x03) #x07 (ite (= #x04 x!1) #x09 #x00)))",
			arr, a(arr, bvv(8, 0), bvv(8, 3), bvv(8, 7), bvv(8, 4), bvv(8, 9))},
	} {
		e, err := parseSexpr(c.text)
		if err != nil {
			t.Errorf("%s: %v", c.text, err)
			continue
		}
		v, err := parseValue(e, c.sort)
		if err != nil {
			t.Errorf("%s: %v", c.text, err)
			continue
		}
		if !v.Equal(c.want) || !v.Sort().Equal(c.sort) {
			t.Errorf("%s = %v, want %v", c.text, v, c.want)
		}
	}
	if v, _ := parseValue(mustParse(t, "(fp #b0 #b01111111011 #x999999999999a)"), f64); v.Float64() != 0.1 {
		t.Errorf("0.1 read as %v", v.Float64())
	}
	if v, _ := parseValue(mustParse(t, "(_ NaN 11 53)"), f64); !math.IsNaN(v.Float64()) {
		t.Errorf("NaN read as %v", v.Float64())
	}
}

// TestParseValueRejects: what the parser does not fully understand is an
// error, never a guess.
func TestParseValueRejects(t *testing.T) {
	bv8 := smt.BVSort(8)
	f32 := smt.Float32Sort()
	arr := smt.ArraySort(bv8, bv8)
	for _, c := range []struct {
		text string
		sort *smt.Sort
	}{
		{"#x001", bv8},                    // wrong width
		{"#b1010", bv8},                   // wrong width
		{"(_ bv256 8)", bv8},              // too large
		{"(_ bv1 16)", bv8},               // wrong width
		{"5", bv8},                        // a numeral is not a bit-vector
		{"(bvadd #x01 #x02)", bv8},        // a term, not a value
		{"|true|x", smt.BoolSort()},       // junk
		{"#x01", smt.BoolSort()},          // wrong sort
		{"(fp #b0 #b0111 #b000)", f32},    // wrong part widths
		{"(_ NaN 11 53)", f32},            // wrong FP sort
		{"(_ +inf 8 24)", f32},            // not SMT-LIB
		{"((_ to_fp 8 24) RNE 0.5)", f32}, // a rounding term, not a pattern
		{"(_ as-array k!0)", arr},         // needs the function's interpretation
		{"(let ((a!1 #x00)) ((as const (Array (_ BitVec 8) (_ BitVec 8))) a!1))", arr},
		{"((as const (Array (_ BitVec 8) (_ BitVec 16))) #x0000)", arr}, // wrong sort
		{"(store ((as const (Array (_ BitVec 8) (_ BitVec 8))) #x00) #x0001 #x00)", arr},
		{"(lambda ((x (_ BitVec 8))) (bvadd x #x01))", arr},
		{"(lambda ((x (_ BitVec 8))) (ite (bvult x #x03) #x01 #x00))", arr},
	} {
		e, err := parseSexpr(c.text)
		if err != nil {
			continue // not even an S-expression: rejected too
		}
		if v, err := parseValue(e, c.sort); err == nil {
			t.Errorf("%s as %s accepted as %v", c.text, c.sort, v)
		}
	}
}

func TestReadSexpr(t *testing.T) {
	for in, want := range map[string]string{
		`(error "a ""quoted"" word")`:          `(error "a "quoted" word")`, // unescaped
		"( (x  #x01)\n ; comment\n (|a b| y))": "((x #x01) (a b y))",
		"success":                              "success",
		`(:reason-unknown "unknown")`:          `(:reason-unknown "unknown")`,
	} {
		e, err := parseSexpr(in)
		if err != nil || e.String() != want {
			t.Errorf("%q = %v, %v; want %s", in, e, err, want)
		}
	}
	for _, in := range []string{"(a (b)", ")", "(a) b", `"open`, "|open"} {
		if e, err := parseSexpr(in); err == nil {
			t.Errorf("%q parsed as %v", in, e)
		}
	}
	if _, err := parseSexpr(strings.Repeat("(", maxDepth+1)); err == nil {
		t.Error("nesting beyond maxDepth accepted")
	}
}

func mustParse(t *testing.T, s string) *sexpr {
	t.Helper()
	e, err := parseSexpr(s)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

type bigInt = big.Int

func bigOne() *big.Int { return big.NewInt(1) }
