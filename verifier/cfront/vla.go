package cfront

// Variable-length arrays and variably modified types.
//
// The IR has no array type of variable length. An object of a variably
// modified array type T a[n][m] (any depth, fixed dimensions mixed in) is
// a block of n*m*sizeof(E) bytes from alloca, where E is the innermost
// element type that is not variably modified (int here; char[2] for char
// c[n][m][2]), and a is a variable of type E* pointing to it. A pointer to
// a variably modified array, int (*p)[m] or the parameter int a[n][m], is
// an E* too. Each variable-length array type's length is evaluated once,
// where C evaluates it (the declaration, the function's entry for a
// parameter, a typedef, a cast, sizeof of a type name), into a size_t
// temporary recorded under cc/v4's type object, which the expressions of
// that type share. Indexing multiplies by the row's element count;
// pointer arithmetic on a pointer to a row scales by it; sizeof
// multiplies the lengths. An index into an array whose length is known
// (not a parameter's outermost) gets a bounds property, which the checks
// keep only with bounds checking on.

import (
	"fmt"

	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

// isVM reports whether t is variably modified: a variable-length array, or
// an array of or pointer to a variably modified type (C11 6.7.6p3).
func isVM(t cc.Type) bool {
	for t != nil {
		switch t.Kind() {
		case cc.Array:
			at, ok := t.(*cc.ArrayType)
			if !ok {
				return false
			}
			if at.IsVLA() {
				return true
			}
			t = at.Elem()
		case cc.Ptr:
			pt, ok := t.(*cc.PointerType)
			if !ok {
				return false
			}
			t = pt.Elem()
		default:
			return false
		}
	}
	return false
}

// vmArray is t as a variably modified array type, or nil.
func vmArray(t cc.Type) *cc.ArrayType {
	if t == nil || t.Kind() != cc.Array || !isVM(t) {
		return nil
	}
	at, _ := t.(*cc.ArrayType)
	return at
}

// vmPointee is the variably modified array type t points to, or nil.
func vmPointee(t cc.Type) *cc.ArrayType {
	if t == nil || t.Kind() != cc.Ptr {
		return nil
	}
	pt, ok := t.(*cc.PointerType)
	if !ok {
		return nil
	}
	return vmArray(pt.Elem())
}

// vmElem is the innermost element type of the variably modified array
// type at that is not variably modified.
func vmElem(at *cc.ArrayType) cc.Type {
	for {
		e := at.Elem()
		inner := vmArray(e)
		if inner == nil {
			return e
		}
		at = inner
	}
}

// evalVLA evaluates the lengths of the variable-length array types in t
// that are not evaluated yet, outermost first.
func (fl *fnLower) evalVLA(n cc.Node, t cc.Type) {
	for t != nil {
		switch t.Kind() {
		case cc.Array:
			at, ok := t.(*cc.ArrayType)
			if !ok {
				return
			}
			if _, done := fl.vlaLen[at]; at.IsVLA() && !done {
				size := at.SizeExpression()
				if size == nil {
					fl.fail(n, "variable-length array type %s without a size", at)
				}
				v := fl.rvalue(size)
				if _, ok := v.Type().(*ir.IntType); !ok {
					fl.fail(n, "variable-length array size of type %s", v.Type())
				}
				tmp := fl.temp(fl.std().SizeT)
				fl.assign(&ir.VarRef{V: tmp}, fl.convert(v, fl.std().SizeT))
				fl.vlaLen[at] = &ir.VarRef{V: tmp}
			}
			t = at.Elem()
		case cc.Ptr:
			pt, ok := t.(*cc.PointerType)
			if !ok {
				return
			}
			t = pt.Elem()
		default:
			return
		}
	}
}

// vlaCount is the number of elements of array type at (size_t).
func (fl *fnLower) vlaCount(n cc.Node, at *cc.ArrayType) ir.Expr {
	if !at.IsVLA() {
		return &ir.Const{T: fl.std().SizeT, Bits: uint64(at.Len()) & fl.std().SizeT.Mask()}
	}
	c, ok := fl.vlaLen[at]
	if !ok {
		fl.fail(n, "variable-length array type %s whose size was not evaluated", at)
	}
	return c
}

// vmElems is the number of vmElem elements in variably modified array
// type at (size_t).
func (fl *fnLower) vmElems(n cc.Node, at *cc.ArrayType) ir.Expr {
	c := fl.vlaCount(n, at)
	if inner := vmArray(at.Elem()); inner != nil {
		return fl.mulSize(c, fl.vmElems(n, inner))
	}
	return c
}

func (fl *fnLower) mulSize(a, b ir.Expr) ir.Expr {
	st := fl.std().SizeT
	ca, okA := a.(*ir.Const)
	cb, okB := b.(*ir.Const)
	switch {
	case okA && okB:
		return &ir.Const{T: st, Bits: ca.Bits * cb.Bits & st.Mask()}
	case okB && cb.Bits == 1:
		return a
	case okA && ca.Bits == 1:
		return b
	}
	return &ir.Binary{Op: ir.Mul, X: a, Y: b, T: st}
}

// vmBytes is sizeof of variably modified array type at.
func (fl *fnLower) vmBytes(n cc.Node, at *cc.ArrayType) ir.Expr {
	et := fl.irType(n, vmElem(at))
	return fl.mulSize(fl.vmElems(n, at), &ir.Const{T: fl.std().SizeT, Bits: uint64(et.Size())})
}

// declareVLA lowers a local of variably modified array type: a pointer to
// a stack block of its size; sizeof reads the size kept beside it.
func (fl *fnLower) declareVLA(decl *cc.Declarator, at *cc.ArrayType) *ir.Var {
	fl.evalVLA(decl, at)
	elem, err := fl.l.types.conv(vmElem(at))
	if err != nil {
		fl.fail(decl, "variable-length array %s: %v", decl.Name(), err)
	}
	bytes := fl.temp(fl.std().SizeT)
	fl.assign(&ir.VarRef{V: bytes}, fl.vmBytes(decl, at))
	pt := &ir.PointerType{Elem: elem, Bytes: fl.std().Model.PointerBytes()}
	v := fl.newVar(decl.Name(), pt, ir.Local, fl.cur)
	fl.vars[decl] = v
	fl.vlas[v] = &ir.VarRef{V: bytes}
	fl.emit(&ir.Decl{At: fl.at(), V: v, HasInit: true})
	fl.emit(&ir.Call{At: fl.at(), Result: &ir.VarRef{V: v}, Builtin: ir.BAlloca, Args: []ir.Expr{&ir.VarRef{V: bytes}}})
	return v
}

// stripParens removes parentheses around n.
func stripParens(n cc.ExpressionNode) cc.ExpressionNode {
	for {
		switch x := n.(type) {
		case *cc.PrimaryExpression:
			if x.Case != cc.PrimaryExpressionExpr {
				return n
			}
			n = x.ExpressionList
		case *cc.ExpressionList:
			if x.ExpressionList != nil {
				return n
			}
			n = x.AssignmentExpression
		default:
			return n
		}
	}
}

// isVMIndex reports whether x, an index expression, indexes a variably
// modified array or goes through a pointer to one.
func isVMIndex(x *cc.PostfixExpression) bool {
	if x.Case != cc.PostfixExpressionIndex {
		return false
	}
	for _, n := range []cc.ExpressionNode{x.PostfixExpression, x.ExpressionList} {
		if vmTypeOf(n) != nil || vmPointee(n.Type()) != nil {
			return true
		}
	}
	return false
}

// vmTypeOf is the variably modified array type of the object n designates,
// or nil: cc/v4 types some array operands (identifiers, rows a[i]) as
// already decayed, so it is found from the declarations down.
func vmTypeOf(n cc.ExpressionNode) *cc.ArrayType {
	n = stripParens(n)
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionIdent {
			if _, ok := x.ResolvedTo().(*cc.Declarator); ok {
				return vmArray(declaredType(x))
			}
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex:
			base := x.PostfixExpression
			if t := base.Type(); t != nil && cc.IsIntegerType(t) {
				base = x.ExpressionList
			}
			if at := vmTypeOf(base); at != nil {
				return vmArray(at.Elem())
			}
			if at := vmPointee(base.Type()); at != nil {
				return at
			}
			return nil
		case cc.PostfixExpressionPrimary:
			return vmTypeOf(x.PrimaryExpression)
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionDeref:
			if at := vmTypeOf(x.CastExpression); at != nil {
				return vmArray(at.Elem())
			}
			if at := vmPointee(x.CastExpression.Type()); at != nil {
				return at
			}
			return nil
		case cc.UnaryExpressionPostfix:
			return vmTypeOf(x.PostfixExpression)
		}
	}
	if n == nil {
		return nil
	}
	return vmArray(n.Type())
}

// declaredType is the declared type of n when it is an identifier (cc/v4
// may give the expression an array's decayed type), else nil.
// A parameter declared as an array is the pointer it is adjusted to.
func declaredType(n cc.ExpressionNode) cc.Type {
	if p, ok := stripParens(n).(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent {
		if d, ok := p.ResolvedTo().(*cc.Declarator); ok {
			if d.IsParam() {
				return d.Type().Decay()
			}
			return d.Type()
		}
	}
	return nil
}

// hasVMIndex reports whether n indexes a variably modified array outside
// sizeof: its lowering emits bounds properties, so it cannot be lowered
// as a pure expression under a condition.
func hasVMIndex(n cc.ExpressionNode) bool {
	return anyNode(n, func(n cc.Node) bool {
		x, ok := n.(*cc.PostfixExpression)
		return ok && isVMIndex(x)
	})
}

// mayEmit reports whether lowering n may emit instructions: side effects
// or bounds properties.
func mayEmit(n cc.ExpressionNode) bool { return hasEffects(n) || hasVMIndex(n) }

// vmAddr lowers n, of a variably modified array type, to a pointer to its
// first vmElem element, and returns that type. addr says that n's address
// only is taken (it decays, or is the operand of &): an index may then
// equal its array's length.
func (fl *fnLower) vmAddr(n cc.ExpressionNode, addr bool) (ir.Expr, *cc.ArrayType) {
	n = stripParens(n)
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionIdent {
			if d, ok := x.ResolvedTo().(*cc.Declarator); ok && !d.IsParam() {
				if at := vmArray(d.Type()); at != nil {
					v := fl.varFor(x, d)
					if _, ok := v.Type.(*ir.PointerType); ok {
						return &ir.VarRef{V: v}, at
					}
				}
			}
		}
	case *cc.PostfixExpression:
		if x.Case == cc.PostfixExpressionPrimary {
			return fl.vmAddr(x.PrimaryExpression, addr)
		}
		if isVMIndex(x) {
			p, at := fl.vmIndex(x, addr)
			if at != nil {
				return p, at
			}
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPostfix:
			return fl.vmAddr(x.PostfixExpression, addr)
		case cc.UnaryExpressionDeref:
			// *p, or *a (a[0]) of an array of arrays.
			if at := vmTypeOf(x.CastExpression); at != nil {
				if inner := vmArray(at.Elem()); inner != nil {
					p, _ := fl.vmAddr(x.CastExpression, addr)
					return p, inner
				}
			}
			if at := vmPointee(x.CastExpression.Type()); at != nil {
				return fl.rvalue(x.CastExpression), at
			}
		}
	}
	fl.fail(n, "variably modified array expression")
	return nil, nil
}

// vmIndex lowers x, a[i] through a variably modified array or a pointer to
// one, to a pointer to the first vmElem element of the indexed element,
// and that element's type if it is a variably modified array itself (nil
// when the element is the vmElem).
func (fl *fnLower) vmIndex(x *cc.PostfixExpression, addr bool) (ir.Expr, *cc.ArrayType) {
	baseN, idxN := x.PostfixExpression, x.ExpressionList
	if t := baseN.Type(); t != nil && cc.IsIntegerType(t) {
		baseN, idxN = idxN, baseN // i[a]
	}
	idxConstZero := false
	if v, ok := idxN.Value().(cc.Int64Value); ok && v == 0 {
		idxConstZero = true
	}
	if v, ok := idxN.Value().(cc.UInt64Value); ok && v == 0 {
		idxConstZero = true
	}
	var (
		base  ir.Expr
		arr   *cc.ArrayType // the indexed array's type, nil through a pointer
		elemT cc.Type
	)
	bt := baseN.Type()
	switch {
	case vmTypeOf(baseN) != nil:
		at := vmTypeOf(baseN)
		base, _ = fl.vmAddr(baseN, addr && idxConstZero)
		elemT = at.Elem()
		arr = at
	case vmPointee(bt) != nil:
		base = fl.rvalue(baseN)
		elemT = vmPointee(bt)
	default:
		fl.fail(x, "subscript of a variably modified type %s", bt)
	}
	i := fl.rvalue(idxN)
	if _, ok := i.Type().(*ir.IntType); !ok {
		fl.fail(x, "array index of type %s", i.Type())
	}
	i = fl.convert(i, fl.promote(i.Type()))
	if arr != nil {
		fl.vmBounds(x, baseN, idxN, arr, i, addr)
	}
	pt, ok := base.Type().(*ir.PointerType)
	if !ok {
		fl.fail(x, "subscript of %s", base.Type())
	}
	inner := vmArray(elemT)
	off := i
	if inner != nil {
		// i rows of vmElems(inner) elements, computed in size_t (wraps
		// as the address arithmetic does) and used as a signed offset.
		st := fl.std().SizeT
		off = fl.convert(fl.mulSize(fl.convert(i, st), fl.vmElems(x, inner)), fl.std().PtrDiffT)
	}
	return fl.ptrAdd(pt, base, off, false), inner
}

// vmBounds emits the bounds property of index i into array arr (n[idx]):
// 0 <= i < length, or <= length when only the address is taken.
func (fl *fnLower) vmBounds(x cc.Node, baseN, idxN cc.ExpressionNode, arr *cc.ArrayType, i ir.Expr, addr bool) {
	it := i.Type().(*ir.IntType)
	length := fl.vlaCount(x, arr)
	w := fl.std().ULLong
	if it.Signed {
		w = fl.std().LongLong
	}
	iw := fl.convert(i, w)
	op := ir.Lt
	if addr {
		op = ir.Le
	}
	cond := &ir.Binary{Op: op, X: iw, Y: fl.convert(length, w), T: fl.std().Int}
	var ok ir.Expr = cond
	if c, isConst := i.(*ir.Const); it.Signed && (!isConst || int64(signExtend(c.Bits, it)) < 0) {
		ok = &ir.Binary{Op: ir.LAnd, X: &ir.Binary{Op: ir.Ge, X: iw, Y: &ir.Const{T: w}, T: fl.std().Int}, Y: cond, T: fl.std().Int}
	}
	lenText := "?"
	if size := arr.SizeExpression(); size != nil {
		lenText = sourceText(size)
	} else if !arr.IsVLA() {
		lenText = fmt.Sprint(arr.Len())
	}
	text := fmt.Sprintf("index %s out of bounds of %s[%s]", sourceText(idxN), sourceText(baseN), lenText)
	prop := fl.l.newProp(fl.f.Name, ir.PropBounds, text, fl.l.pos(x.Position()))
	fl.emit(&ir.Assert{At: ir.At{P: fl.l.pos(x.Position())}, Cond: ok, Prop: prop})
}

// vmValue lowers a[i] through a variably modified type in value or object
// position: a row is its decayed pointer, an element the object.
func (fl *fnLower) vmValue(x *cc.PostfixExpression, addr bool) ir.Expr {
	p, inner := fl.vmIndex(x, addr)
	if inner != nil {
		return p // an array: its value is its first element's address
	}
	return &ir.Deref{P: p, T: p.Type().(*ir.PointerType).Elem}
}

// vmSizeof is sizeof of an expression or type name of type t when t is a
// variably modified array type (ok false otherwise). Evaluating the
// operand of such a sizeof has effects only when it has side effects,
// which are refused.
func (fl *fnLower) vmSizeof(n cc.Node, operand cc.ExpressionNode, t cc.Type) (ir.Expr, bool) {
	at := vmArray(t)
	if at == nil {
		return nil, false
	}
	if operand != nil && hasEffects(operand) {
		fl.fail(n, "sizeof of a variable-length array expression with side effects")
	}
	if operand == nil {
		fl.evalVLA(n, t)
	}
	return fl.vmBytes(n, at), true
}

// vmPtrOffset scales i, an offset in elements of pointee type at (a
// variably modified array), to vmElem elements.
func (fl *fnLower) vmPtrOffset(n cc.Node, at *cc.ArrayType, i ir.Expr) ir.Expr {
	if _, ok := i.Type().(*ir.IntType); !ok {
		fl.fail(n, "pointer offset of type %s", i.Type())
	}
	st := fl.std().SizeT
	return fl.convert(fl.mulSize(fl.convert(i, st), fl.vmElems(n, at)), fl.std().PtrDiffT)
}

// vmAddSub lowers p + i, i + p, p - i and p - q for p and q pointers to a
// variably modified array type (or arrays decaying to them); ok is false
// when neither operand is one.
func (fl *fnLower) vmAddSub(x *cc.AdditiveExpression) (ir.Expr, bool) {
	a, b := x.AdditiveExpression, x.MultiplicativeExpression
	ta, tb := vmRowOf(a), vmRowOf(b)
	if ta == nil && tb == nil {
		return nil, false
	}
	av, bv := fl.rvalue(a), fl.rvalue(b)
	switch {
	case ta != nil && tb != nil:
		if x.Case != cc.AdditiveExpressionSub {
			fl.fail(x, "addition of two pointers")
		}
		pt, ok := av.Type().(*ir.PointerType)
		if !ok {
			fl.fail(x, "pointer subtraction of %s", av.Type())
		}
		d := &ir.Binary{Op: ir.PtrSub, X: av, Y: fl.convert(bv, pt), T: fl.std().PtrDiffT}
		rows := fl.convert(fl.vmElems(x, ta), fl.std().PtrDiffT)
		return &ir.Binary{Op: ir.Div, X: d, Y: rows, T: fl.std().PtrDiffT}, true
	case ta != nil:
		pt, ok := av.Type().(*ir.PointerType)
		if !ok {
			fl.fail(x, "pointer arithmetic on %s", av.Type())
		}
		return fl.ptrAdd(pt, av, fl.vmPtrOffset(x, ta, bv), x.Case == cc.AdditiveExpressionSub), true
	default:
		if x.Case == cc.AdditiveExpressionSub {
			fl.fail(x, "integer minus pointer")
		}
		pt, ok := bv.Type().(*ir.PointerType)
		if !ok {
			fl.fail(x, "pointer arithmetic on %s", bv.Type())
		}
		return fl.ptrAdd(pt, bv, fl.vmPtrOffset(x, tb, av), false), true
	}
}

// vmRowOf is the variably modified array type that the pointer value of
// n points to: n is a pointer to one, or an array of them decaying.
func vmRowOf(n cc.ExpressionNode) *cc.ArrayType {
	if at := vmTypeOf(n); at != nil {
		return vmArray(at.Elem())
	}
	return vmPointee(n.Type())
}

// vmStep lowers lv += i (or -= i) for lv a pointer to the variably
// modified array type at, and returns the new value.
func (fl *fnLower) vmStep(n cc.Node, lv ir.Expr, at *cc.ArrayType, i ir.Expr, neg bool) {
	pt, ok := lv.Type().(*ir.PointerType)
	if !ok {
		fl.fail(n, "pointer arithmetic on %s", lv.Type())
	}
	fl.assign(lv, fl.ptrAdd(pt, lv, fl.vmPtrOffset(n, at, i), neg))
}
