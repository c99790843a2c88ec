package smt

import "fmt"

// SortKind classifies sorts.
type SortKind uint8

// The sort kinds.
const (
	KindBool SortKind = iota + 1
	KindBV
	KindFP
	KindArray
)

// Sort is an immutable SMT sort. Sorts are compared with Equal (or by their
// Key): two *Sort values built separately for the same sort are equal but
// not identical. Terms built by a Builder always carry the Builder's
// canonical pointer, so within one Builder pointer comparison also works.
type Sort struct {
	kind        SortKind
	width       int // BV width
	ebits       int // FP exponent bits
	sbits       int // FP significand bits, hidden bit included
	index, elem *Sort
	key         string // SMT-LIB spelling; identifies the sort
}

// MaxBVWidth bounds bit-vector widths; it only guards against nonsense
// (a negative or absurd width is a bug in the caller).
const MaxBVWidth = 1 << 20

// BoolSort returns the Boolean sort.
func BoolSort() *Sort { return &Sort{kind: KindBool, key: "Bool"} }

// BVSort returns the sort of bit-vectors of width w (1 <= w <= MaxBVWidth).
func BVSort(w int) *Sort {
	if w < 1 || w > MaxBVWidth {
		panic(fmt.Sprintf("smt: bit-vector width %d out of range", w))
	}
	return &Sort{kind: KindBV, width: w, key: fmt.Sprintf("(_ BitVec %d)", w)}
}

// FPSort returns the IEEE-754 binary floating-point sort with ebits exponent
// bits and sbits significand bits (hidden bit included), as in SMT-LIB:
// Float32 is FPSort(8, 24), Float64 is FPSort(11, 53).
func FPSort(ebits, sbits int) *Sort {
	// 2 <= ebits keeps the exponent range meaningful; ebits <= 30 keeps
	// exponent arithmetic inside int on every platform.
	if ebits < 2 || ebits > 30 || sbits < 2 || sbits > MaxBVWidth {
		panic(fmt.Sprintf("smt: floating-point sort (%d, %d) out of range", ebits, sbits))
	}
	return &Sort{kind: KindFP, ebits: ebits, sbits: sbits,
		key: fmt.Sprintf("(_ FloatingPoint %d %d)", ebits, sbits)}
}

// Float32Sort is IEEE binary32 (C float).
func Float32Sort() *Sort { return FPSort(8, 24) }

// Float64Sort is IEEE binary64 (C double).
func Float64Sort() *Sort { return FPSort(11, 53) }

// ArraySort returns the sort of arrays from index to elem.
func ArraySort(index, elem *Sort) *Sort {
	if index == nil || elem == nil {
		panic("smt: ArraySort with nil sort")
	}
	return &Sort{kind: KindArray, index: index, elem: elem,
		key: "(Array " + index.key + " " + elem.key + ")"}
}

// Kind reports the sort's kind.
func (s *Sort) Kind() SortKind { return s.kind }

// IsBool reports whether s is Bool.
func (s *Sort) IsBool() bool { return s.kind == KindBool }

// IsBV reports whether s is a bit-vector sort.
func (s *Sort) IsBV() bool { return s.kind == KindBV }

// IsFP reports whether s is a floating-point sort.
func (s *Sort) IsFP() bool { return s.kind == KindFP }

// IsArray reports whether s is an array sort.
func (s *Sort) IsArray() bool { return s.kind == KindArray }

// Width is the bit width of a BV sort, or the total width (ebits+sbits) of
// an FP sort, i.e. the width of its IEEE bit pattern. It is 0 otherwise.
func (s *Sort) Width() int {
	switch s.kind {
	case KindBV:
		return s.width
	case KindFP:
		return s.ebits + s.sbits
	}
	return 0
}

// EBits is the exponent width of an FP sort.
func (s *Sort) EBits() int { return s.ebits }

// SBits is the significand width of an FP sort, hidden bit included.
func (s *Sort) SBits() int { return s.sbits }

// Index is the index sort of an array sort.
func (s *Sort) Index() *Sort { return s.index }

// Elem is the element sort of an array sort.
func (s *Sort) Elem() *Sort { return s.elem }

// Key is the sort's SMT-LIB spelling; equal sorts have equal keys.
func (s *Sort) Key() string { return s.key }

// String returns the SMT-LIB spelling of the sort.
func (s *Sort) String() string { return s.key }

// Equal reports whether s and o denote the same sort.
func (s *Sort) Equal(o *Sort) bool { return s == o || (s != nil && o != nil && s.key == o.key) }
