package ir

import (
	"fmt"
	"math"
	"strings"
)

// Type is a C type after the front end has resolved typedefs, qualifiers
// and the data model: every type knows its size and alignment in bytes.
type Type interface {
	Size() int64
	Align() int64
	String() string
	isType()
}

// IntKind names the C integer type an IntType came from. Two types of the
// same width and signedness (int and long on ILP32) behave identically; the
// kind only matters for printing and for printf's length modifiers.
type IntKind int

const (
	Bool IntKind = iota
	Char
	SChar
	UChar
	Short
	UShort
	Int
	UInt
	Long
	ULong
	LongLong
	ULongLong
	Int128
	UInt128
	Enum
	// BitInt is the type gcc gives a bit-field wider than int but
	// narrower than its declared 64-bit type (unsigned long x : 40):
	// arithmetic wraps at its own width, as C23's _BitInt(N). It is
	// only ever the type of a value, never of an object in memory.
	BitInt
)

var intKindNames = [...]string{
	Bool: "_Bool", Char: "char", SChar: "signed char", UChar: "unsigned char",
	Short: "short", UShort: "unsigned short", Int: "int", UInt: "unsigned int",
	Long: "long", ULong: "unsigned long", LongLong: "long long",
	ULongLong: "unsigned long long", Int128: "__int128", UInt128: "unsigned __int128",
	Enum: "enum", BitInt: "_BitInt",
}

// IntType is a fixed-width two's complement integer. _Bool is an IntType
// of 8 bits whose values the front end keeps in {0, 1}.
type IntType struct {
	Kind   IntKind
	Bits   int
	Signed bool
}

// Size is the width in bytes; a BitInt takes the bytes of the standard
// type it fits in (the declared type of its bit-field).
func (t *IntType) Size() int64 {
	switch {
	case t.Bits <= 8:
		return 1
	case t.Bits <= 16:
		return 2
	case t.Bits <= 32:
		return 4
	case t.Bits <= 64:
		return 8
	}
	return int64(t.Bits / 8)
}
func (t *IntType) Align() int64 { return t.Size() }
func (t *IntType) String() string {
	if t.Kind == BitInt {
		if t.Signed {
			return fmt.Sprintf("_BitInt(%d)", t.Bits)
		}
		return fmt.Sprintf("unsigned _BitInt(%d)", t.Bits)
	}
	if t.Kind == Enum {
		if t.Signed {
			return fmt.Sprintf("enum(i%d)", t.Bits)
		}
		return fmt.Sprintf("enum(u%d)", t.Bits)
	}
	return intKindNames[t.Kind]
}
func (*IntType) isType() {}

// IsOddWidth reports whether t is narrower than 64 bits but not 8, 16
// or 32 bits wide: a BitInt, whose values the interpreter keeps in 64 bits
// sign- or zero-extended from its width.
func (t *IntType) IsOddWidth() bool {
	return t.Bits < 64 && t.Bits != 8 && t.Bits != 16 && t.Bits != 32
}

// IsBool reports whether t is _Bool.
func (t *IntType) IsBool() bool { return t.Kind == Bool }

// Int64Range is t's least and greatest values; ok is false when they do
// not both fit an int64 (unsigned 64-bit and wider types). _Bool is
// [0, 1], the values the front end keeps it in.
func (t *IntType) Int64Range() (lo, hi int64, ok bool) {
	switch {
	case t.IsBool():
		return 0, 1, true
	case t.Bits > 64 || t.Bits == 64 && !t.Signed:
		return 0, 0, false
	case t.Bits == 64:
		return math.MinInt64, math.MaxInt64, true
	case t.Signed:
		return -(1 << uint(t.Bits-1)), 1<<uint(t.Bits-1) - 1, true
	}
	return 0, 1<<uint(t.Bits) - 1, true
}

// Mask is the all-ones value of t's width.
func (t *IntType) Mask() uint64 {
	if t.Bits >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(t.Bits) - 1
}

// FloatType is an IEEE 754 binary32 or binary64 type, or (Bits 80) gcc's
// long double on x86: the x87 extended format (see Float80), which an
// SMT solver knows as FP(15,64).
type FloatType struct {
	Bits int // 32, 64 or 80
	// Bytes and Alignment are long double's, which depend on the data
	// model (16 and 16 on LP64, 12 and 4 on ILP32): its 10 data bytes
	// and then padding, which loads and stores leave alone as the x87
	// does. Zero for float and double, which are as wide as their bits.
	Bytes, Alignment int64
}

func (t *FloatType) Size() int64 {
	if t.Bytes != 0 {
		return t.Bytes
	}
	return int64(t.Bits / 8)
}
func (t *FloatType) Align() int64 {
	if t.Alignment != 0 {
		return t.Alignment
	}
	return int64(t.Bits / 8)
}

// DataBytes is how many bytes a load or store of t touches: its size but
// for long double's padding.
func (t *FloatType) DataBytes() int64 { return int64(t.Bits / 8) }

// IsLong reports long double.
func (t *FloatType) IsLong() bool { return t.Bits == 80 }

// EBits and SBits are the format's exponent and significand widths as
// SMT-LIB counts them (the significand's with its integer bit): 8/24,
// 11/53 and 15/64.
func (t *FloatType) EBits() int { e, _ := t.widths(); return e }
func (t *FloatType) SBits() int { _, s := t.widths(); return s }

// widths are EBits and SBits, the one table of the three formats.
func (t *FloatType) widths() (e, s int) {
	switch t.Bits {
	case 32:
		return 8, 24
	case 64:
		return 11, 53
	}
	return 15, 64 // the integer bit is stored, so not 80-15
}

func (t *FloatType) String() string {
	switch t.Bits {
	case 32:
		return "float"
	case 80:
		return "long double"
	}
	return "double"
}
func (*FloatType) isType() {}

// PointerType is a data pointer; Bytes is its width under the data model.
type PointerType struct {
	Elem  Type
	Bytes int
}

func (t *PointerType) Size() int64  { return int64(t.Bytes) }
func (t *PointerType) Align() int64 { return int64(t.Bytes) }
func (t *PointerType) String() string {
	if _, ok := t.Elem.(*FuncType); ok {
		return "func*"
	}
	return typeString(t.Elem) + "*"
}
func (*PointerType) isType() {}

// typeString avoids infinite recursion through self-referential structs.
func typeString(t Type) string {
	if s, ok := t.(*StructType); ok {
		return s.Name
	}
	return t.String()
}

// ArrayType is T[Len]. Len < 0 marks an incomplete array (a flexible array
// member or extern T x[]); objects of such types get their size elsewhere.
type ArrayType struct {
	Elem Type
	Len  int64
}

func (t *ArrayType) Size() int64 {
	if t.Len < 0 {
		return 0
	}
	return t.Len * t.Elem.Size()
}
func (t *ArrayType) Align() int64 { return t.Elem.Align() }
func (t *ArrayType) String() string {
	// C order: int[2][3] is an array of 2 arrays of 3 ints.
	var dims strings.Builder
	var e Type = t
	for {
		at, ok := e.(*ArrayType)
		if !ok {
			break
		}
		if at.Len < 0 {
			dims.WriteString("[]")
		} else {
			fmt.Fprintf(&dims, "[%d]", at.Len)
		}
		e = at.Elem
	}
	return typeString(e) + dims.String()
}
func (*ArrayType) isType() {}

// Member is a struct or union member at a byte offset fixed by the ABI.
type Member struct {
	Name   string
	Type   Type
	Offset int64
}

// StructType is a struct or a union with its ABI layout. Name is unique
// within a program ("struct point", "union anon#3").
type StructType struct {
	Name      string
	Union     bool
	Fields    []Member
	Bytes     int64
	Alignment int64
}

func (t *StructType) Size() int64    { return t.Bytes }
func (t *StructType) Align() int64   { return t.Alignment }
func (t *StructType) String() string { return t.Name }
func (*StructType) isType()          {}

// FieldIndex returns the index of the named field, or -1.
func (t *StructType) FieldIndex(name string) int {
	for i, f := range t.Fields {
		if f.Name == name {
			return i
		}
	}
	return -1
}

// Describe prints the full layout, for the IR printer's type section.
func (t *StructType) Describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s {", t.Name)
	for i, f := range t.Fields {
		if i > 0 {
			b.WriteString(";")
		}
		fmt.Fprintf(&b, " %s %s @%d", typeString(f.Type), f.Name, f.Offset)
	}
	fmt.Fprintf(&b, " } size %d align %d", t.Bytes, t.Alignment)
	return b.String()
}

// FuncType is the type of a function. Results of void functions are Void.
type FuncType struct {
	Result   Type
	Params   []Type
	Variadic bool
}

func (t *FuncType) Size() int64  { return 1 }
func (t *FuncType) Align() int64 { return 1 }
func (t *FuncType) String() string {
	var b strings.Builder
	b.WriteString(typeString(t.Result))
	b.WriteString("(")
	for i, p := range t.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(typeString(p))
	}
	if t.Variadic {
		if len(t.Params) > 0 {
			b.WriteString(", ")
		}
		b.WriteString("...")
	}
	b.WriteString(")")
	return b.String()
}
func (*FuncType) isType() {}

// VoidType is void.
type VoidType struct{}

func (VoidType) Size() int64    { return 1 }
func (VoidType) Align() int64   { return 1 }
func (VoidType) String() string { return "void" }
func (VoidType) isType()        {}

// Void is the only VoidType value.
var Void Type = VoidType{}

// IsScalar reports whether values of t fit in one machine value: integers,
// floats and pointers. Structs and arrays are aggregates.
func IsScalar(t Type) bool {
	switch t.(type) {
	case *IntType, *FloatType, *PointerType:
		return true
	}
	return false
}

// SameType reports structural type identity as the IR uses it: integer
// types with the same width and signedness are the same.
func SameType(a, b Type) bool {
	switch a := a.(type) {
	case *IntType:
		b, ok := b.(*IntType)
		return ok && a.Bits == b.Bits && a.Signed == b.Signed && a.IsBool() == b.IsBool()
	case *FloatType:
		b, ok := b.(*FloatType)
		return ok && a.Bits == b.Bits
	case *PointerType:
		b, ok := b.(*PointerType)
		return ok && SameType(a.Elem, b.Elem)
	case *ArrayType:
		b, ok := b.(*ArrayType)
		return ok && a.Len == b.Len && SameType(a.Elem, b.Elem)
	case *StructType:
		b, ok := b.(*StructType)
		return ok && (a == b || (a.Name == b.Name && a.Bytes == b.Bytes))
	case *FuncType:
		_, ok := b.(*FuncType)
		return ok
	case VoidType:
		_, ok := b.(VoidType)
		return ok
	}
	return false
}

// DataModel fixes the widths of C's integer and pointer types.
type DataModel int

const (
	LP64  DataModel = iota // x86-64 Linux: long and pointers are 64 bits
	ILP32                  // i386 Linux: int, long and pointers are 32 bits
)

func (m DataModel) String() string {
	if m == ILP32 {
		return "ILP32"
	}
	return "LP64"
}

// ParseDataModel accepts the spellings SV-COMP task files use.
func ParseDataModel(s string) (DataModel, error) {
	switch strings.ToUpper(s) {
	case "LP64", "64", "64BIT":
		return LP64, nil
	case "ILP32", "32", "32BIT":
		return ILP32, nil
	}
	return LP64, fmt.Errorf("unknown data model %q (want ILP32 or LP64)", s)
}

// PointerBytes is the width of a pointer under m.
func (m DataModel) PointerBytes() int {
	if m == ILP32 {
		return 4
	}
	return 8
}

// Std holds the standard C types of one data model, so that code building
// or interpreting IR does not re-derive widths.
type Std struct {
	Model                                    DataModel
	Bool, Char, SChar, UChar, Short, UShort  *IntType
	Int, UInt, Long, ULong, LongLong, ULLong *IntType
	Float, Double, LongDouble                *FloatType
	SizeT, PtrDiffT                          *IntType
	VoidPtr, CharPtr                         *PointerType
}

// StdTypes returns the standard types of m.
func StdTypes(m DataModel) *Std {
	longBits := 64
	// gcc's long double: 10 bytes padded to 16 (aligned to 16, as the
	// x86-64 psABI says) on LP64, to 12 (aligned to 4) on i386.
	ldBytes, ldAlign := int64(16), int64(16)
	if m == ILP32 {
		longBits = 32
		ldBytes, ldAlign = 12, 4
	}
	s := &Std{
		Model:      m,
		Bool:       &IntType{Kind: Bool, Bits: 8},
		Char:       &IntType{Kind: Char, Bits: 8, Signed: true},
		SChar:      &IntType{Kind: SChar, Bits: 8, Signed: true},
		UChar:      &IntType{Kind: UChar, Bits: 8},
		Short:      &IntType{Kind: Short, Bits: 16, Signed: true},
		UShort:     &IntType{Kind: UShort, Bits: 16},
		Int:        &IntType{Kind: Int, Bits: 32, Signed: true},
		UInt:       &IntType{Kind: UInt, Bits: 32},
		Long:       &IntType{Kind: Long, Bits: longBits, Signed: true},
		ULong:      &IntType{Kind: ULong, Bits: longBits},
		LongLong:   &IntType{Kind: LongLong, Bits: 64, Signed: true},
		ULLong:     &IntType{Kind: ULongLong, Bits: 64},
		Float:      &FloatType{Bits: 32},
		Double:     &FloatType{Bits: 64},
		LongDouble: &FloatType{Bits: 80, Bytes: ldBytes, Alignment: ldAlign},
	}
	s.SizeT, s.PtrDiffT = s.ULong, s.Long
	s.VoidPtr = &PointerType{Elem: Void, Bytes: m.PointerBytes()}
	s.CharPtr = &PointerType{Elem: s.Char, Bytes: m.PointerBytes()}
	return s
}
