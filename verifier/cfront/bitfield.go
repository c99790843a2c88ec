package cfront

// Bit-fields.
//
// The IR has no bit-field concept. A struct or union with bit-fields gets,
// for every access unit cc/v4's ABI layout (gcc's rules) assigns to a named
// bit-field, an unsigned integer member "$bf<offset>_<bytes>" of the unit's
// size at the unit's byte offset; fields whose units coincide share the
// member. A read of s.f loads the unit, shifts and masks (sign-extending
// signed fields, plain int ones included, as gcc does) and converts to the
// promoted type; a store is a read-modify-write of the unit. Unnamed
// bit-fields (padding, :0) get no member: their bits are padding.

import (
	"fmt"

	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

// bitField is a named bit-field: bits [shift, shift+width) of the unsigned
// storage member unit of its struct or union.
type bitField struct {
	name         string
	unit         int
	shift, width int
	t            *ir.IntType // the declared type
	bad          string      // why accesses cannot be modelled, "" if they can
}

// addBitField records the bit-field f of st.
func (m *typeMap) addBitField(st *ir.StructType, f *cc.Field) {
	if f.Name() == "" {
		return // padding
	}
	if m.bitFields == nil {
		m.bitFields = map[*ir.StructType]map[string]*bitField{}
	}
	bfs := m.bitFields[st]
	if bfs == nil {
		bfs = map[string]*bitField{}
		m.bitFields[st] = bfs
	}
	bf := &bitField{name: f.Name(), unit: -1, shift: f.OffsetBits(), width: int(f.ValueBits())}
	bfs[bf.name] = bf
	ft, err := m.conv(f.Type())
	it, ok := ft.(*ir.IntType)
	switch {
	case err != nil || !ok:
		bf.bad = fmt.Sprintf("bit-field %s in %s of type %s", bf.name, st.Name, f.Type())
		return
	case it.Bits > 64:
		bf.bad = fmt.Sprintf("bit-field %s in %s of a 128-bit type", bf.name, st.Name)
		return
	}
	bf.t = it
	size, off := f.AccessBytes(), f.Offset()
	if size != 1 && size != 2 && size != 4 && size != 8 || bf.shift < 0 || bf.width <= 0 || bf.shift+bf.width > int(8*size) {
		bf.bad = fmt.Sprintf("bit-field %s in %s: access unit of %d bytes at bit %d (packed layout)", bf.name, st.Name, size, bf.shift)
		return
	}
	name := fmt.Sprintf("$bf%d_%d", off, size)
	for i, mem := range st.Fields {
		if mem.Name == name {
			bf.unit = i
			return
		}
	}
	bf.unit = len(st.Fields)
	st.Fields = append(st.Fields, ir.Member{Name: name, Type: m.unsignedOf(int(8 * size)), Offset: off})
}

func (m *typeMap) unsignedOf(bits int) *ir.IntType {
	s := m.std
	switch bits {
	case 8:
		return s.UChar
	case 16:
		return s.UShort
	case 32:
		return s.UInt
	}
	if s.ULong.Bits == 64 {
		return s.ULong
	}
	return s.ULLong
}

// bitFieldPath finds the bit-field name of st, looking through anonymous
// members: the member path to the struct holding it, and the field.
func (m *typeMap) bitFieldPath(st *ir.StructType, name string) ([]int, *bitField) {
	if bf := m.bitFields[st][name]; bf != nil {
		return nil, bf
	}
	for i, f := range st.Fields {
		if len(f.Name) > 5 && f.Name[:5] == "$anon" {
			if inner, ok := f.Type.(*ir.StructType); ok {
				if p, bf := m.bitFieldPath(inner, name); bf != nil {
					return append([]int{i}, p...), bf
				}
			}
		}
	}
	return nil, nil
}

// bitFieldSel returns the member selection n is, possibly parenthesised,
// when it names a bit-field; nil otherwise.
func bitFieldSel(n cc.ExpressionNode) *cc.PostfixExpression {
	for {
		switch x := stripParens(n).(type) {
		case *cc.UnaryExpression:
			if x.Case != cc.UnaryExpressionPostfix {
				return nil
			}
			n = x.PostfixExpression
		case *cc.CastExpression:
			if x.Case != cc.CastExpressionUnary {
				return nil
			}
			n = x.UnaryExpression
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionPrimary:
				n = x.PrimaryExpression
			case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
				if f := x.Field(); f != nil && f.IsBitfield() {
					return x
				}
				return nil
			default:
				return nil
			}
		default:
			return nil
		}
	}
}

// bfRef is a bit-field lvalue: the storage member (a pure lvalue) and the
// field's place in it.
type bfRef struct {
	unit ir.Expr
	bf   *bitField
}

// bitFieldRef lowers the bit-field selection x (s.f or p->f).
func (fl *fnLower) bitFieldRef(x *cc.PostfixExpression) bfRef {
	var base ir.Expr
	if x.Case == cc.PostfixExpressionSelect {
		base = fl.lvalue(x.PostfixExpression)
	} else {
		p := fl.rvalue(x.PostfixExpression)
		pt, ok := p.Type().(*ir.PointerType)
		if !ok {
			fl.fail(x, "-> on a non-pointer")
		}
		base = &ir.Deref{P: p, T: pt.Elem}
	}
	return fl.bitFieldIn(x, base, x.Token2.SrcStr())
}

// bitFieldIn selects bit-field name of struct lvalue base.
func (fl *fnLower) bitFieldIn(n cc.Node, base ir.Expr, name string) bfRef {
	st, ok := base.Type().(*ir.StructType)
	if !ok {
		fl.fail(n, "member access on %s", base.Type())
	}
	path, bf := fl.l.types.bitFieldPath(st, name)
	if bf == nil {
		fl.fail(n, "no bit-field %s in %s", name, st.Name)
	}
	if bf.bad != "" {
		fl.fail(n, "%s", bf.bad)
	}
	e := base
	for _, i := range path {
		e = &ir.Field{X: e, Index: i}
	}
	return bfRef{unit: &ir.Field{X: e, Index: bf.unit}, bf: bf}
}

// bfWork is the unsigned type bit-field arithmetic is done in: the unit's
// type widened to at least int.
func (fl *fnLower) bfWork(r bfRef) *ir.IntType {
	if r.unit.Type().Size() > 4 {
		return fl.l.types.unsignedOf(64)
	}
	return fl.std().UInt
}

// bfType is the type of a bit-field's value as gcc computes with it: int
// below 32 bits (the integer promotions, unsigned fields included); from
// 32 bits, an integer type of the field's own width and the declared
// signedness, which the integer promotions leave alone. At 32 bits that is
// int or unsigned int (unsigned long f : 32 wraps at 2^32); between 32 and
// 64 bits a BitInt (unsigned long f : 40 wraps at 2^40: s.f + 1 is 0 when
// s.f is 2^40 - 1, and a signed one overflows beyond its width).
func (fl *fnLower) bfType(bf *bitField) *ir.IntType {
	switch {
	case bf.width < 32:
		return fl.std().Int
	case bf.width < 64 && bf.width != 32:
		return bitIntType(bf.width, bf.t.Signed)
	}
	return fl.normInt(bf.width, bf.t.Signed)
}

// bitIntType is the integer type of width bits (33 to 63).
func bitIntType(width int, signed bool) *ir.IntType {
	return &ir.IntType{Kind: ir.BitInt, Bits: width, Signed: signed}
}

// isWideBitField reports whether the bit-field f has a type of its own in
// gcc that cc/v4 does not know: 32 bits or more in a wider declared type.
func isWideBitField(f *cc.Field) bool {
	return f != nil && f.IsBitfield() && f.ValueBits() >= 32 && f.ValueBits() < 8*f.Type().Size()
}

func bfConst(t *ir.IntType, v uint64) *ir.Const { return &ir.Const{T: t, Bits: v & t.Mask()} }

func bfMask(width int) uint64 {
	if width >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(width) - 1
}

// bitFieldRead is the value of r, of type bfType.
func (fl *fnLower) bitFieldRead(r bfRef) ir.Expr {
	bf := r.bf
	w := fl.bfWork(r)
	u := fl.convert(r.unit, w)
	var v ir.Expr
	if bf.t.Signed && !bf.t.IsBool() {
		// Move the field's top bit to bit w-1, then shift arithmetically.
		if up := w.Bits - bf.shift - bf.width; up > 0 {
			u = &ir.Binary{Op: ir.Shl, X: u, Y: bfConst(w, uint64(up)), T: w}
		}
		st := fl.normInt(w.Bits, true)
		v = fl.convert(u, st)
		if down := w.Bits - bf.width; down > 0 {
			v = &ir.Binary{Op: ir.Shr, X: v, Y: bfConst(st, uint64(down)), T: st}
		}
	} else {
		v = u
		if bf.shift > 0 {
			v = &ir.Binary{Op: ir.Shr, X: v, Y: bfConst(w, uint64(bf.shift)), T: w}
		}
		if bf.shift+bf.width < w.Bits {
			v = &ir.Binary{Op: ir.And, X: v, Y: bfConst(w, bfMask(bf.width)), T: w}
		}
	}
	return fl.convert(v, fl.bfType(bf))
}

// bitFieldStore stores v, converted to the field's declared type and
// truncated to its width (as gcc does, for signed fields too), into r.
//
// src is the C text of the store (for traces), "" for an initialiser.
func (fl *fnLower) bitFieldStore(r bfRef, v ir.Expr, src string) {
	bf := r.bf
	if v == nil || !ir.IsScalar(v.Type()) {
		fl.fail(nil, "store of a non-scalar value into bit-field %s", bf.name)
	}
	w := fl.bfWork(r)
	nv := fl.convert(fl.convert(v, bf.t), w)
	if c, ok := nv.(*ir.Const); ok {
		nv = bfConst(w, c.Bits&bfMask(bf.width)<<uint(bf.shift))
	} else {
		if bf.width < w.Bits {
			nv = &ir.Binary{Op: ir.And, X: nv, Y: bfConst(w, bfMask(bf.width)), T: w}
		}
		if bf.shift > 0 {
			nv = &ir.Binary{Op: ir.Shl, X: nv, Y: bfConst(w, uint64(bf.shift)), T: w}
		}
	}
	ut := r.unit.Type().(*ir.IntType)
	if bf.shift > 0 || bf.width < ut.Bits {
		keep := ^(bfMask(bf.width) << uint(bf.shift))
		old := &ir.Binary{Op: ir.And, X: fl.convert(r.unit, w), Y: bfConst(w, keep), T: w}
		nv = &ir.Binary{Op: ir.Or, X: old, Y: nv, T: w}
	}
	fl.emit(&ir.Assign{At: fl.at(), Lhs: r.unit, Rhs: fl.convert(nv, ut),
		BitField: &ir.BitFieldStore{Name: bf.name, Shift: bf.shift, Width: bf.width, Signed: bf.t.Signed && !bf.t.IsBool(), Source: src}})
}

// bitFieldAssign lowers an assignment (simple or compound) to a bit-field;
// its value is the field's value after the store.
func (fl *fnLower) bitFieldAssign(x *cc.AssignmentExpression, sel *cc.PostfixExpression) ir.Expr {
	r := fl.bitFieldRef(sel)
	rv := fl.rvalue(x.AssignmentExpression)
	if x.Case == cc.AssignmentExpressionAssign {
		fl.bitFieldStore(r, rv, sourceText(x))
		return fl.bitFieldRead(r)
	}
	op, ok := compoundOps[x.Case]
	if !ok {
		fl.fail(x, "assignment operator")
	}
	lv := fl.bitFieldRead(r)
	nv := fl.compoundValue(x, op, lv, rv)
	fl.bitFieldStore(r, nv, sourceText(x))
	return fl.bitFieldRead(r)
}

// bitFieldIncDec lowers ++/-- of a bit-field: the value is the new one
// (prefix) or the old one (postfix).
func (fl *fnLower) bitFieldIncDec(sel *cc.PostfixExpression, inc, post bool) ir.Expr {
	r := fl.bitFieldRef(sel)
	op := ir.Add
	if !inc {
		op = ir.Sub
	}
	var old ir.Expr = fl.bitFieldRead(r)
	if post {
		t := fl.temp(old.Type())
		fl.assign(&ir.VarRef{V: t}, old)
		old = &ir.VarRef{V: t}
	}
	incdec := "++"
	if !inc {
		incdec = "--"
	}
	fl.bitFieldStore(r, fl.arithOp(sel, op, old, fl.intConst(1)), sourceText(sel)+incdec)
	if post {
		return old
	}
	return fl.bitFieldRead(r)
}

// bitFieldInit stores the initialiser leaf of a bit-field into the object
// lv (of which leaf's offset minus base is the place); it reports false
// when leaf does not initialise a bit-field.
func (fl *fnLower) bitFieldInit(lv ir.Expr, leaf *cc.Initializer, base int64) bool {
	f := leaf.Field()
	if f == nil || !f.IsBitfield() {
		return false
	}
	r := fl.bitFieldLeaf(lv, leaf, base)
	fl.bitFieldStore(r, fl.rvalue(leaf.AssignmentExpression), "")
	return true
}

// bitFieldLeaf finds the bit-field a leaf initialises inside lv.
func (fl *fnLower) bitFieldLeaf(lv ir.Expr, leaf *cc.Initializer, base int64) bfRef {
	f := leaf.Field()
	pt := f.ParentType()
	if pt == nil {
		fl.fail(leaf, "initialiser of bit-field %s", f.Name())
	}
	st := fl.irType(leaf, pt)
	container := fl.subobject(lv, leaf.Offset()-base-f.Offset(), st)
	return fl.bitFieldIn(leaf, container, f.Name())
}

// bitFieldGlobal initialises a bit-field of the global v from leaf: a
// constant goes into v's initial bytes, anything else into Program.Init.
func (fl *fnLower) bitFieldGlobal(v *ir.Var, leaf *cc.Initializer, base int64) bool {
	f := leaf.Field()
	if f == nil || !f.IsBitfield() {
		return false
	}
	r := fl.bitFieldLeaf(&ir.VarRef{V: v}, leaf, base)
	val := fl.rvalue(leaf.AssignmentExpression)
	if val != nil && ir.IsScalar(val.Type()) {
		if _, isPtr := val.Type().(*ir.PointerType); !isPtr {
			if c, ok := fl.convert(val, r.bf.t).(*ir.Const); ok {
				if off, ok := constOffset(r.unit); ok {
					fl.putBits(v, 8*off+int64(r.bf.shift), r.bf.width, c.Bits)
					return true
				}
			}
		}
	}
	fl.bitFieldStore(r, val, "")
	return true
}

// constOffset is the byte offset of lvalue e in its variable, when member
// selections and constant indices make it up.
func constOffset(e ir.Expr) (int64, bool) {
	switch e := e.(type) {
	case *ir.VarRef:
		return 0, true
	case *ir.Field:
		off, ok := constOffset(e.X)
		return off + e.X.Type().(*ir.StructType).Fields[e.Index].Offset, ok
	case *ir.Index:
		c, ok := e.I.(*ir.Const)
		if !ok {
			return 0, false
		}
		off, ok := constOffset(e.X)
		it := c.T.(*ir.IntType)
		return off + int64(signExtend(c.Bits, it))*e.Type().Size(), ok
	}
	return 0, false
}

// putBits writes the low width bits of val at bit offset pos of v's
// initial bytes.
func (fl *fnLower) putBits(v *ir.Var, pos int64, width int, val uint64) {
	end := (pos + int64(width) + 7) / 8
	if end > v.Type.Size() {
		return
	}
	if int64(len(v.Data)) < end {
		nd := make([]byte, end)
		copy(nd, v.Data)
		v.Data = nd
	}
	for i := 0; i < width; i++ {
		p := pos + int64(i)
		if val>>uint(i)&1 != 0 {
			v.Data[p/8] |= 1 << uint(p%8)
		} else {
			v.Data[p/8] &^= 1 << uint(p%8)
		}
	}
}

// readsBitField reports whether n reads a bit-field for which pred holds.
// bitFieldOf is the bit-field n selects (see bitFieldSel), or nil.
func bitFieldOf(n cc.ExpressionNode) *cc.Field {
	if sel := bitFieldSel(n); sel != nil {
		return sel.Field()
	}
	return nil
}

func readsBitField(n cc.Node, pred func(*cc.Field) bool) bool {
	return anyNode(n, func(n cc.Node) bool {
		x, ok := n.(*cc.PostfixExpression)
		if !ok || x.Case != cc.PostfixExpressionSelect && x.Case != cc.PostfixExpressionPSelect {
			return false
		}
		f := x.Field()
		return f != nil && f.IsBitfield() && pred(f)
	})
}

// bitFieldStoreIn is the bit-field that n, stripped of parentheses,
// assigns, increments or decrements; nil if it does not.
func bitFieldStoreIn(n cc.Node) *cc.Field {
	for {
		if e, ok := n.(cc.ExpressionNode); ok {
			n = stripParens(e)
		}
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			if x.Case == cc.AssignmentExpressionCond {
				n = x.ConditionalExpression
				continue
			}
			return bitFieldOf(x.UnaryExpression)
		case *cc.ConditionalExpression:
			if x.Case != cc.ConditionalExpressionLOr {
				return nil
			}
			n = x.LogicalOrExpression
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
				return bitFieldOf(x.UnaryExpression)
			case cc.UnaryExpressionPostfix:
				n = x.PostfixExpression
			default:
				return nil
			}
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
				return bitFieldOf(x.PostfixExpression)
			case cc.PostfixExpressionPrimary:
				n = x.PrimaryExpression
			default:
				return nil
			}
		default:
			return nil
		}
	}
}

// bitFieldSizeof is sizeof n when n involves bit-fields, whose types
// cc/v4 does not give as gcc does (ok false: no bit-field, cc/v4's answer
// stands). gcc gives a bit-field's value, and the value of an assignment,
// ++ or -- of one, a type of the field's own width, sized as the smallest
// integer mode holding it: sizeof(s.f = 1) is 1 for unsigned f : 8, and
// sizeof((0, s.f)) too; the integer promotions widen it to int below 32
// bits in arithmetic and in the arms of ?:, and leave wider ones alone
// (sizeof(s.f + 1) is 4 for unsigned long f : 32, where cc/v4 says 8).
func (fl *fnLower) bitFieldSizeof(n cc.ExpressionNode) (ir.Expr, bool) {
	if !readsBitField(n, func(*cc.Field) bool { return true }) && !anyNode(n, func(n cc.Node) bool { return bitFieldStoreIn(n) != nil }) {
		return nil, false
	}
	size, ok := gccSize(n)
	if !ok {
		return nil, false
	}
	return &ir.Const{T: fl.std().SizeT, Bits: uint64(size)}, true
}

// modeBytes is the size of the smallest integer mode holding bit-field f.
func modeBytes(f *cc.Field) int64 {
	switch w := f.ValueBits(); {
	case f.Type().Kind() == cc.Bool || w <= 8:
		return 1
	case w <= 16:
		return 2
	case w <= 32:
		return 4
	}
	return 8
}

// gccSize is the size of the type gcc gives n (see bitFieldSizeof);
// ok is false where the type is not complete.
func gccSize(n cc.ExpressionNode) (int64, bool) {
	if f := bitFieldStoreIn(n); f != nil {
		return modeBytes(f), true
	}
	t := n.Type()
	if t == nil || t.IsIncomplete() {
		return 0, false
	}
	if at, ok := t.(*cc.ArrayType); ok && at.IsVLA() {
		return 0, false
	}
	ccSize := t.Size()
	if !cc.IsIntegerType(t) {
		return ccSize, true
	}
	promoted := func(ns ...cc.ExpressionNode) (int64, bool) {
		size := int64(4)
		for _, n := range ns {
			s, ok := gccSize(n)
			if !ok {
				return 0, false
			}
			size = max(size, s)
		}
		return size, true
	}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			return gccSize(x.ExpressionList)
		}
	case *cc.ExpressionList:
		last := x
		for last.ExpressionList != nil {
			last = last.ExpressionList
		}
		return gccSize(last.AssignmentExpression)
	case *cc.PostfixExpression:
		if sel := bitFieldSel(x); sel == x {
			return modeBytes(x.Field()), true
		}
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionCond {
			if x.ExpressionList == nil {
				return promoted(x.LogicalOrExpression, x.ConditionalExpression)
			}
			return promoted(x.ExpressionList, x.ConditionalExpression)
		}
	case *cc.AdditiveExpression:
		if x.Case != cc.AdditiveExpressionMul {
			return promoted(x.AdditiveExpression, x.MultiplicativeExpression)
		}
	case *cc.MultiplicativeExpression:
		if x.Case != cc.MultiplicativeExpressionCast {
			return promoted(x.MultiplicativeExpression, x.CastExpression)
		}
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionAnd {
			return promoted(x.AndExpression, x.EqualityExpression)
		}
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionXor {
			return promoted(x.ExclusiveOrExpression, x.AndExpression)
		}
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionOr {
			return promoted(x.InclusiveOrExpression, x.ExclusiveOrExpression)
		}
	case *cc.ShiftExpression:
		if x.Case != cc.ShiftExpressionAdd {
			return promoted(x.ShiftExpression)
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPlus, cc.UnaryExpressionMinus, cc.UnaryExpressionCpl:
			return promoted(x.CastExpression)
		}
	}
	return ccSize, true
}
