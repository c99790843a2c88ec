package cfront

import (
	"encoding/binary"
	"math"

	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

// leaves lists the expression initialisers of an initialiser in order;
// cc/v4 has resolved designators and brace elision into absolute offsets.
func leaves(in *cc.Initializer, out []*cc.Initializer) []*cc.Initializer {
	if in == nil {
		return out
	}
	if in.Case == cc.InitializerExpr {
		return append(out, in)
	}
	// A braced list initialises its whole subobject (C11 6.7.9p19): what
	// earlier designators put there is overridden, and what the list
	// leaves out is zero — `{ .in.b = 3, .in = { .a = 1 } }` leaves in.b 0.
	// The object was zero-filled first, so dropping the earlier values is
	// enough.
	if t := in.Type(); t != nil && t.Size() > 0 && len(out) > 0 {
		lo, hi := in.Offset(), in.Offset()+t.Size()
		kept := out[:0]
		for _, leaf := range out {
			if off := leaf.Offset(); off < lo || off >= hi {
				kept = append(kept, leaf)
			}
		}
		out = kept
	}
	for l := in.InitializerList; l != nil; l = l.InitializerList {
		out = leaves(l.Initializer, out)
	}
	return out
}

// stringInit returns the string literal initialising a char array, if in
// is one ("abc" or ("abc")).
func stringInit(in *cc.Initializer, t ir.Type) (string, bool) {
	at, ok := t.(*ir.ArrayType)
	if !ok {
		return "", false
	}
	if et, ok := at.Elem.(*ir.IntType); !ok || et.Bits != 8 {
		return "", false
	}
	e := in.AssignmentExpression
	for {
		p, ok := e.(*cc.PrimaryExpression)
		if !ok {
			return "", false
		}
		if p.Case == cc.PrimaryExpressionExpr {
			e = p.ExpressionList
			continue
		}
		if p.Case != cc.PrimaryExpressionString {
			return "", false
		}
		sv, ok := p.Value().(cc.StringValue)
		return string(sv), ok
	}
}

// nav finds the sub-object of e at byte offset off with type want.
func (fl *fnLower) nav(e ir.Expr, off int64, want ir.Type) ir.Expr {
	t := e.Type()
	if off == 0 && ir.SameType(t, want) {
		return e
	}
	switch tt := t.(type) {
	case *ir.ArrayType:
		es := tt.Elem.Size()
		if es <= 0 {
			return nil
		}
		i := off / es
		if tt.Len >= 0 && i >= tt.Len {
			return nil
		}
		return fl.nav(&ir.Index{X: e, I: &ir.Const{T: fl.std().Long, Bits: uint64(i)}}, off-i*es, want)
	case *ir.StructType:
		for i, f := range tt.Fields {
			size := f.Type.Size()
			if off >= f.Offset && (off < f.Offset+size || (size == 0 && off == f.Offset)) {
				if r := fl.nav(&ir.Field{X: e, Index: i}, off-f.Offset, want); r != nil {
					return r
				}
			}
		}
	}
	return nil
}

// at returns the lvalue of type want at offset off inside base, by member
// and element selection when the layout allows, else through a byte
// pointer.
func (fl *fnLower) subobject(base ir.Expr, off int64, want ir.Type) ir.Expr {
	if e := fl.nav(base, off, want); e != nil {
		return e
	}
	markAddrTaken(base)
	bp := &ir.Cast{X: &ir.AddrOf{X: base, T: fl.ptrTo(base.Type())}, T: fl.std().CharPtr}
	p := &ir.Binary{Op: ir.PtrAdd, X: bp, Y: &ir.Const{T: fl.std().PtrDiffT, Bits: uint64(off)}, T: fl.std().CharPtr}
	return &ir.Deref{P: &ir.Cast{X: p, T: fl.ptrTo(want)}, T: want}
}

// initLocal emits the initialisation of an automatic object.
func (fl *fnLower) initLocal(lv ir.Expr, t ir.Type, in *cc.Initializer) {
	if in.Case == cc.InitializerInitList {
		fl.initList(lv, t, in.InitializerList, in)
		return
	}
	if s, ok := stringInit(in, t); ok {
		fl.zeroFill(lv, t)
		fl.copyString(lv, t.(*ir.ArrayType), s)
		return
	}
	v := fl.rvalue(in.AssignmentExpression)
	fl.assign(lv, fl.convert(v, t))
}

func (fl *fnLower) copyString(lv ir.Expr, at *ir.ArrayType, s string) {
	n := int64(len(s))
	if at.Len >= 0 && n > at.Len {
		n = at.Len
	}
	for i := int64(0); i < n; i++ {
		if s[i] == 0 {
			continue // zero-filled already
		}
		fl.assign(&ir.Index{X: lv, I: &ir.Const{T: fl.std().Long, Bits: uint64(i)}}, &ir.Const{T: at.Elem, Bits: uint64(s[i])})
	}
}

// initList zero-fills the object, as C requires of partly initialised
// aggregates, then stores each listed value at its place.
func (fl *fnLower) initList(lv ir.Expr, t ir.Type, list *cc.InitializerList, top *cc.Initializer) {
	fl.zeroFill(lv, t)
	base := int64(0)
	if top != nil {
		base = top.Offset()
	}
	var items []*cc.Initializer
	for l := list; l != nil; l = l.InitializerList {
		items = leaves(l.Initializer, items)
	}
	for _, leaf := range items {
		if fl.bitFieldInit(lv, leaf, base) {
			continue
		}
		lt := fl.irType(leaf, leaf.Type())
		target := fl.subobject(lv, leaf.Offset()-base, lt)
		if s, ok := stringInit(leaf, lt); ok {
			fl.copyString(target, lt.(*ir.ArrayType), s)
			continue
		}
		v := fl.rvalue(leaf.AssignmentExpression)
		fl.assign(target, fl.convert(v, lt))
	}
}

// zeroFill sets an object to zero: scalars one by one when there are few,
// memset otherwise.
func (fl *fnLower) zeroFill(lv ir.Expr, t ir.Type) {
	var scalars []ir.Expr
	var collect func(e ir.Expr) bool
	collect = func(e ir.Expr) bool {
		if len(scalars) > 8 {
			return false
		}
		switch tt := e.Type().(type) {
		case *ir.ArrayType:
			for i := int64(0); i < tt.Len; i++ {
				if !collect(&ir.Index{X: e, I: &ir.Const{T: fl.std().Long, Bits: uint64(i)}}) {
					return false
				}
			}
		case *ir.StructType:
			if tt.Union {
				return false
			}
			for i := range tt.Fields {
				if !collect(&ir.Field{X: e, Index: i}) {
					return false
				}
			}
		default:
			scalars = append(scalars, e)
		}
		return true
	}
	if collect(lv) {
		for _, s := range scalars {
			fl.assign(s, zeroOf(s.Type()))
		}
		return
	}
	markAddrTaken(lv)
	p := &ir.Cast{X: &ir.AddrOf{X: lv, T: fl.ptrTo(t)}, T: fl.std().VoidPtr}
	fl.emit(&ir.Call{At: fl.at(), Builtin: ir.BMemset, Args: []ir.Expr{p, fl.intConst(0), &ir.Const{T: fl.std().SizeT, Bits: uint64(t.Size())}}})
}

// initGlobal initialises a global: constant scalars and strings go into
// the variable's initial bytes, the rest (addresses) into Program.Init.
func (fl *fnLower) initGlobal(v *ir.Var, d *cc.Declarator, in *cc.Initializer) {
	fl.guard(in, func() {
		fl.cur = fl.l.pos(d.Position())
		if at, ok := v.Type.(*ir.ArrayType); ok && at.Len < 0 {
			// int a[] = {...}: the declarator's type is complete now.
			if t, err := fl.l.types.conv(d.Type()); err == nil {
				v.Type = t
			}
		}
		if in.Case == cc.InitializerExpr {
			if s, ok := stringInit(in, v.Type); ok {
				fl.putBytes(v, 0, []byte(s))
				return
			}
			if !fl.constInto(v, 0, v.Type, in.AssignmentExpression) {
				val := fl.rvalue(in.AssignmentExpression)
				fl.assign(&ir.VarRef{V: v}, fl.convert(val, v.Type))
			}
			return
		}
		base := in.Offset()
		for _, leaf := range leaves(in, nil) {
			if fl.bitFieldGlobal(v, leaf, base) {
				continue
			}
			lt := fl.irType(leaf, leaf.Type())
			off := leaf.Offset() - base
			if s, ok := stringInit(leaf, lt); ok {
				n := int64(len(s))
				if at := lt.(*ir.ArrayType); at.Len >= 0 && n > at.Len {
					n = at.Len
				}
				fl.putBytes(v, off, []byte(s[:n]))
				continue
			}
			if fl.constInto(v, off, lt, leaf.AssignmentExpression) {
				continue
			}
			val := fl.rvalue(leaf.AssignmentExpression)
			fl.assign(fl.subobject(&ir.VarRef{V: v}, off, lt), fl.convert(val, lt))
		}
	})
}

// constInto writes a constant initialiser's bytes into v.Data; it reports
// false when e is not a numeric constant.
func (fl *fnLower) constInto(v *ir.Var, off int64, t ir.Type, e cc.ExpressionNode) bool {
	val := e.Value()
	switch val.(type) {
	case cc.Int64Value, cc.UInt64Value, cc.Float64Value:
	default:
		return false
	}
	if !ir.IsScalar(t) {
		return false
	}
	if _, isPtr := t.(*ir.PointerType); isPtr {
		return false // (T*)0 is all zero anyway; anything else is an address
	}
	c := fl.convert(fl.constValue(e, val, e.Type()), t)
	buf := make([]byte, 16)
	switch c := c.(type) {
	case *ir.Const:
		binary.LittleEndian.PutUint64(buf, c.Bits)
	case *ir.FloatConst:
		if c.T.IsLong() {
			c.X.PutBytes(buf) // the padding stays zero, as gcc emits it
		} else if c.T.Bits == 32 {
			binary.LittleEndian.PutUint32(buf, math.Float32bits(float32(c.V)))
		} else {
			binary.LittleEndian.PutUint64(buf, math.Float64bits(c.V))
		}
	default:
		return false
	}
	fl.putBytes(v, off, buf[:t.Size()])
	return true
}

func (fl *fnLower) putBytes(v *ir.Var, off int64, b []byte) {
	size := v.Type.Size()
	if off+int64(len(b)) > size {
		if off >= size {
			return
		}
		b = b[:size-off]
	}
	if int64(len(v.Data)) < off+int64(len(b)) {
		nd := make([]byte, off+int64(len(b)))
		copy(nd, v.Data)
		v.Data = nd
	}
	copy(v.Data[off:], b)
}
