package cfront

import (
	"fmt"

	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

// typeMap converts cc types to IR types, sharing one IR struct type per cc
// struct type so that identity comparisons work.
type typeMap struct {
	std     *ir.Std
	structs map[any]*ir.StructType // by tag and place, or by cc type when untagged
	names   map[string]int
	prog    *ir.Program
	// bitFields holds the named bit-fields of each struct or union that
	// has some (see bitfield.go).
	bitFields map[*ir.StructType]map[string]*bitField
}

func newTypeMap(std *ir.Std, prog *ir.Program) *typeMap {
	return &typeMap{std: std, structs: map[any]*ir.StructType{}, names: map[string]int{}, prog: prog}
}

// unsupportedType is returned (as an error) for types we cannot model.
type unsupportedType struct{ what string }

func (u *unsupportedType) Error() string { return u.what }

// conv maps t; it fails only for types the IR does not model (__float128,
// complex, vectors, 128-bit integers are allowed but arithmetic may not be).
func (m *typeMap) conv(t cc.Type) (ir.Type, error) {
	if t == nil {
		return nil, &unsupportedType{"missing type"}
	}
	switch t.Kind() {
	case cc.Void:
		return ir.Void, nil
	case cc.Bool:
		return m.std.Bool, nil
	case cc.Char:
		return m.std.Char, nil
	case cc.SChar:
		return m.std.SChar, nil
	case cc.UChar:
		return m.std.UChar, nil
	case cc.Short:
		return m.std.Short, nil
	case cc.UShort:
		return m.std.UShort, nil
	case cc.Int:
		return m.std.Int, nil
	case cc.UInt:
		return m.std.UInt, nil
	case cc.Long:
		return m.std.Long, nil
	case cc.ULong:
		return m.std.ULong, nil
	case cc.LongLong:
		return m.std.LongLong, nil
	case cc.ULongLong:
		return m.std.ULLong, nil
	case cc.Int128:
		return &ir.IntType{Kind: ir.Int128, Bits: 128, Signed: true}, nil
	case cc.UInt128:
		return &ir.IntType{Kind: ir.UInt128, Bits: 128}, nil
	case cc.Enum:
		et := t.(*cc.EnumType)
		u, err := m.conv(et.UnderlyingType())
		if err != nil {
			return nil, err
		}
		it := u.(*ir.IntType)
		return &ir.IntType{Kind: ir.Enum, Bits: it.Bits, Signed: it.Signed}, nil
	case cc.Float:
		return m.std.Float, nil
	case cc.Double:
		return m.std.Double, nil
	case cc.LongDouble:
		return m.std.LongDouble, nil
	case cc.Float128:
		return nil, &unsupportedType{"__float128"}
	case cc.ComplexFloat, cc.ComplexDouble, cc.ComplexLongDouble:
		return nil, &unsupportedType{"_Complex types"}
	case cc.Ptr:
		pt := t.(*cc.PointerType)
		elem := pt.Elem()
		var et ir.Type
		if at := vmArray(elem); at != nil {
			// A pointer to a variably modified array points to its
			// first innermost element (see vla.go).
			elem = vmElem(at)
		}
		if elem.Kind() == cc.Function {
			// Function pointers are values the IR cannot call through;
			// keep the type so declarations lower, calls are reported.
			ft, err := m.funcType(elem.(*cc.FunctionType))
			if err != nil {
				et = &ir.FuncType{Result: ir.Void}
			} else {
				et = ft
			}
		} else {
			var err error
			et, err = m.convElem(elem)
			if err != nil {
				return nil, err
			}
		}
		return &ir.PointerType{Elem: et, Bytes: m.std.Model.PointerBytes()}, nil
	case cc.Array:
		at := t.(*cc.ArrayType)
		if at.IsVLA() {
			return nil, &unsupportedType{"variable-length array type"}
		}
		et, err := m.conv(at.Elem())
		if err != nil {
			return nil, err
		}
		n := at.Len()
		if at.IsIncomplete() {
			n = -1
		}
		return &ir.ArrayType{Elem: et, Len: n}, nil
	case cc.Struct, cc.Union:
		return m.structType(t)
	case cc.Function:
		return m.funcType(t.(*cc.FunctionType))
	}
	return nil, &unsupportedType{fmt.Sprintf("type %s", t)}
}

// convElem maps a pointer's element type; a pointer to an incomplete or
// unsupported type still works as an opaque pointer.
func (m *typeMap) convElem(t cc.Type) (ir.Type, error) {
	if t.Kind() == cc.Struct || t.Kind() == cc.Union {
		return m.structType(t)
	}
	et, err := m.conv(t)
	if err != nil {
		// e.g. long double *: the pointer itself is fine; loads through it
		// are reported when lowered.
		return ir.Void, nil
	}
	return et, nil
}

func (m *typeMap) structType(t cc.Type) (ir.Type, error) {
	var (
		union bool
		tag   string
		n     int
		field func(int) *cc.Field
		tok   cc.Token
	)
	switch x := t.(type) {
	case *cc.StructType:
		tok = x.Tag()
		n, field = x.NumFields(), x.FieldByIndex
	case *cc.UnionType:
		union = true
		tok = x.Tag()
		n, field = x.NumFields(), x.FieldByIndex
	default:
		return nil, &unsupportedType{fmt.Sprintf("type %s", t)}
	}
	tag = tok.SrcStr()
	// cc/v4 may hand out several type objects for one tagged declaration
	// (one per use); the tag and its position identify it. A forward
	// declaration and the completing definition differ in position, so
	// incomplete ones are keyed apart and completed types win.
	var key any = t
	if tag != "" {
		key = fmt.Sprintf("%v/%s/%v/%v", union, tag, tok.Position(), t.IsIncomplete())
	}
	if st, ok := m.structs[key]; ok {
		return st, nil
	}
	kw := "struct"
	if union {
		kw = "union"
	}
	if tag == "" {
		tag = "anon"
	}
	name := kw + " " + tag
	if c := m.names[name]; c > 0 {
		name = fmt.Sprintf("%s#%d", name, c)
	}
	m.names[kw+" "+tag]++
	st := &ir.StructType{Name: name, Union: union}
	if !t.IsIncomplete() {
		st.Bytes, st.Alignment = t.Size(), int64(t.Align())
	}
	if st.Alignment <= 0 {
		st.Alignment = 1
	}
	m.structs[key] = st // before the fields: they may point back at st
	m.prog.Types = append(m.prog.Types, st)
	for i := 0; i < n; i++ {
		f := field(i)
		if f == nil {
			continue
		}
		if f.IsBitfield() {
			m.addBitField(st, f)
			continue
		}
		ft, err := m.conv(f.Type())
		if err != nil {
			return nil, fmt.Errorf("field %s of %s: %w", f.Name(), name, err)
		}
		fname := f.Name()
		if fname == "" {
			fname = fmt.Sprintf("$anon%d", i)
		}
		st.Fields = append(st.Fields, ir.Member{Name: fname, Type: ft, Offset: f.Offset()})
	}
	return st, nil
}

func (m *typeMap) funcType(t *cc.FunctionType) (*ir.FuncType, error) {
	res, err := m.conv(t.Result())
	if err != nil {
		return nil, fmt.Errorf("result: %w", err)
	}
	ft := &ir.FuncType{Result: res, Variadic: t.IsVariadic()}
	for _, p := range t.Parameters() {
		if p.Type().Kind() == cc.Void {
			continue
		}
		pt, err := m.conv(p.Type().Decay())
		if err != nil {
			return nil, fmt.Errorf("parameter %s: %w", p.Name(), err)
		}
		ft.Params = append(ft.Params, pt)
	}
	return ft, nil
}
