package smt

import (
	"fmt"
	"math"
	"math/big"
	"strings"
)

// Value is a concrete value of some sort, as a model gives it.
type Value struct {
	sort *Sort
	b    bool
	bits BitVec // BV value, or FP bit pattern
	arr  *ArrayValue
}

// ArrayValue is an array as models describe it: Default everywhere except
// at the finitely many Entries (indices are distinct).
type ArrayValue struct {
	Default Value
	Entries []ArrayEntry
}

// ArrayEntry is one explicit index of an ArrayValue.
type ArrayEntry struct {
	Index, Value Value
}

// BoolValue returns a Boolean value.
func BoolValue(v bool) Value { return Value{sort: BoolSort(), b: v} }

// BVValue returns a bit-vector value.
func BVValue(v BitVec) Value {
	checkWidth(v.w)
	return Value{sort: BVSort(v.w), bits: v}
}

// FPValue returns the value of FP sort s with IEEE pattern bits; every NaN
// pattern becomes the canonical NaN.
func FPValue(s *Sort, bits BitVec) Value {
	if s.kind != KindFP || bits.w != s.ebits+s.sbits {
		panic(fmt.Sprintf("smt: FP value of %d bits for %s", bits.w, s.key))
	}
	if fpIsNaNBits(s, bits) {
		bits = CanonicalNaN(s)
	}
	return Value{sort: s, bits: bits}
}

// Float32Value returns a float value.
func Float32Value(f float32) Value {
	return FPValue(Float32Sort(), NewBitVec(32, uint64(math.Float32bits(f))))
}

// Float64Value returns a double value.
func Float64Value(f float64) Value {
	return FPValue(Float64Sort(), NewBitVec(64, math.Float64bits(f)))
}

// NewArrayValue returns an array value of array sort s. When an index occurs
// more than once the first entry wins, as for the outermost of nested
// stores.
func NewArrayValue(s *Sort, def Value, entries []ArrayEntry) Value {
	if s.kind != KindArray || !def.sort.Equal(s.elem) {
		panic("smt: ill-sorted array value")
	}
	a := &ArrayValue{Default: def}
	for _, e := range entries {
		if !e.Index.sort.Equal(s.index) || !e.Value.sort.Equal(s.elem) {
			panic("smt: ill-sorted array entry")
		}
		dup := false
		for _, f := range a.Entries {
			if f.Index.Equal(e.Index) {
				dup = true
				break
			}
		}
		if !dup {
			a.Entries = append(a.Entries, e)
		}
	}
	return Value{sort: s, arr: a}
}

// Sort is the value's sort; the zero Value has none.
func (v Value) Sort() *Sort { return v.sort }

// Bool returns a Boolean value.
func (v Value) Bool() bool { return v.b }

// BitVec returns a bit-vector value, or the IEEE pattern of an FP value.
func (v Value) BitVec() BitVec { return v.bits }

// Uint64 returns the low 64 bits of a BV value (or FP pattern).
func (v Value) Uint64() uint64 { return v.bits.Uint64() }

// Int64 returns a BV value read as signed and sign-extended.
func (v Value) Int64() int64 { return v.bits.Int64() }

// Big returns a BV value as an unsigned big.Int.
func (v Value) Big() *big.Int { return v.bits.Big() }

// Float32 returns a float value (the pattern read as binary32).
func (v Value) Float32() float32 { return math.Float32frombits(uint32(v.bits.Uint64())) }

// Float64 returns a double value, or a float value widened to double.
func (v Value) Float64() float64 {
	if v.sort != nil && v.sort.kind == KindFP && goKind(v.sort) == go32 {
		return float64(v.Float32())
	}
	return math.Float64frombits(v.bits.Uint64())
}

// IsNaN reports whether an FP value is NaN.
func (v Value) IsNaN() bool {
	return v.sort != nil && v.sort.kind == KindFP && fpIsNaNBits(v.sort, v.bits)
}

// Array returns the contents of an array value.
func (v Value) Array() *ArrayValue { return v.arr }

// Select reads an array value at index i.
func (a *ArrayValue) Select(i Value) Value {
	for _, e := range a.Entries {
		if e.Index.Equal(i) {
			return e.Value
		}
	}
	return a.Default
}

// Equal reports whether two values are identical. Arrays compare by their
// representation, so two arrays that agree everywhere may still differ here.
func (v Value) Equal(o Value) bool {
	if v.sort == nil || o.sort == nil {
		return v.sort == o.sort
	}
	if !v.sort.Equal(o.sort) {
		return false
	}
	switch v.sort.kind {
	case KindBool:
		return v.b == o.b
	case KindBV, KindFP:
		return v.bits.Equal(o.bits)
	case KindArray:
		if !v.arr.Default.Equal(o.arr.Default) || len(v.arr.Entries) != len(o.arr.Entries) {
			return false
		}
		for _, e := range v.arr.Entries {
			if !o.arr.Select(e.Index).Equal(e.Value) {
				return false
			}
		}
		return true
	}
	return false
}

// String prints the value in SMT-LIB syntax.
func (v Value) String() string {
	if v.sort == nil {
		return "<no value>"
	}
	switch v.sort.kind {
	case KindBool:
		if v.b {
			return "true"
		}
		return "false"
	case KindBV:
		return v.bits.String()
	case KindFP:
		return fpLiteral(v.sort, v.bits)
	case KindArray:
		var sb strings.Builder
		for range v.arr.Entries {
			sb.WriteString("(store ")
		}
		fmt.Fprintf(&sb, "((as const %s) %s)", v.sort.key, v.arr.Default)
		for _, e := range v.arr.Entries {
			fmt.Fprintf(&sb, " %s %s)", e.Index, e.Value)
		}
		return sb.String()
	}
	return "<bad value>"
}

// Const returns the term for a Bool, BV or FP value, or a store chain over
// a constant array for an array value.
func (b *Builder) Const(v Value) *Term {
	if v.sort == nil {
		panic("smt: Const of the zero Value")
	}
	switch v.sort.kind {
	case KindBool:
		return b.BoolConst(v.b)
	case KindBV:
		return b.BVConst(v.bits)
	case KindFP:
		return b.FPConstBits(v.sort, v.bits)
	}
	t := b.ConstArray(v.sort, b.Const(v.arr.Default))
	for i := len(v.arr.Entries) - 1; i >= 0; i-- {
		e := v.arr.Entries[i]
		t = b.Store(t, b.Const(e.Index), b.Const(e.Value))
	}
	return t
}
