package cfront

import (
	"math"
	"math/big"
	"strings"

	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

// irType converts the C type of an expression node.
func (fl *fnLower) irType(n cc.Node, t cc.Type) ir.Type {
	it, err := fl.l.types.conv(t)
	if err != nil {
		fl.fail(n, "%v", err)
	}
	return it
}

func (fl *fnLower) ptrTo(t ir.Type) *ir.PointerType {
	return &ir.PointerType{Elem: t, Bytes: fl.std().Model.PointerBytes()}
}

// normInt maps a width and signedness to the data model's standard type.
func (fl *fnLower) normInt(bits int, signed bool) *ir.IntType {
	s := fl.std()
	switch {
	case bits == 32 && signed:
		return s.Int
	case bits == 32:
		return s.UInt
	case bits == 64 && signed:
		if s.Long.Bits == 64 {
			return s.Long
		}
		return s.LongLong
	case bits == 64:
		if s.ULong.Bits == 64 {
			return s.ULong
		}
		return s.ULLong
	}
	return &ir.IntType{Kind: ir.Int128, Bits: bits, Signed: signed}
}

// promote applies C's integer promotions.
func (fl *fnLower) promote(t ir.Type) ir.Type {
	it, ok := t.(*ir.IntType)
	if !ok {
		return t
	}
	if it.Bits < 32 || it.IsBool() {
		return fl.std().Int
	}
	if it.Kind == ir.Enum {
		return fl.normInt(it.Bits, it.Signed)
	}
	return it
}

// arith applies the usual arithmetic conversions.
func (fl *fnLower) arith(a, b ir.Type) ir.Type {
	fa, aIsF := a.(*ir.FloatType)
	fb, bIsF := b.(*ir.FloatType)
	switch {
	case aIsF && bIsF:
		if fa.Bits >= fb.Bits {
			return fa
		}
		return fb
	case aIsF:
		return fa
	case bIsF:
		return fb
	}
	ia, _ := fl.promote(a).(*ir.IntType)
	ib, _ := fl.promote(b).(*ir.IntType)
	if ia == nil || ib == nil {
		fl.fail(nil, "arithmetic on non-arithmetic types %s and %s", a, b)
	}
	if ia.Bits == ib.Bits && ia.Signed == ib.Signed {
		return ia
	}
	if ia.Signed == ib.Signed {
		if ia.Bits > ib.Bits {
			return ia
		}
		return ib
	}
	u, s := ia, ib
	if ia.Signed {
		u, s = ib, ia
	}
	if u.Bits >= s.Bits {
		return u
	}
	return s
}

// convert converts e to t as C's implicit and explicit conversions do.
func (fl *fnLower) convert(e ir.Expr, t ir.Type) ir.Expr {
	if e == nil {
		fl.fail(nil, "use of a void value")
	}
	from := e.Type()
	if ir.SameType(from, t) {
		if fi, ok := from.(*ir.IntType); ok {
			if ti := t.(*ir.IntType); fi.Kind != ti.Kind {
				// Same representation: only the printed kind differs.
				if c, ok := e.(*ir.Const); ok {
					return &ir.Const{T: t, Bits: c.Bits}
				}
			}
		}
		return e
	}
	if _, ok := t.(ir.VoidType); ok {
		return e
	}
	if !ir.IsScalar(t) || !ir.IsScalar(from) {
		if _, ok := from.(*ir.StructType); ok {
			if st, ok := t.(*ir.StructType); ok && st.Name == from.(*ir.StructType).Name {
				return e
			}
		}
		fl.fail(nil, "conversion from %s to %s", from, t)
	}
	// (double)1.7976931348623157e+308L, as <float.h> writes DBL_MAX: a
	// literal, exact, rounded once as the conversion would.
	if c, ok := e.(*ir.FloatConst); ok {
		if ft, ok := t.(*ir.FloatType); ok && c.T.IsLong() != ft.IsLong() {
			return convertFloatConst(c, ft)
		}
	}
	// Fold conversions of integer constants here: every later layer then
	// sees literal values of the right type.
	if c, ok := e.(*ir.Const); ok {
		if ti, ok := t.(*ir.IntType); ok {
			if fi, ok := from.(*ir.IntType); ok {
				v := signExtend(c.Bits, fi)
				if ti.IsBool() {
					if v != 0 {
						v = 1
					}
				}
				return &ir.Const{T: t, Bits: v & ti.Mask()}
			}
		}
		if pt, ok := t.(*ir.PointerType); ok && c.Bits == 0 {
			return &ir.Const{T: pt}
		}
		if ft, ok := t.(*ir.FloatType); ok {
			if fi, ok := from.(*ir.IntType); ok && fi.Bits <= 64 && ft.IsLong() {
				// Every 64-bit integer is exact in long double.
				x := ir.RoundFloat80(func(z *big.Float) {
					if fi.Signed {
						z.SetInt64(int64(signExtend(c.Bits, fi)))
					} else {
						z.SetUint64(c.Bits)
					}
				})
				return &ir.FloatConst{T: ft, X: x}
			}
			if fi, ok := from.(*ir.IntType); ok && fi.Bits <= 64 {
				var f float64
				if fi.Signed {
					f = float64(int64(signExtend(c.Bits, fi)))
				} else {
					f = float64(c.Bits)
				}
				if ft.Bits == 32 {
					// Round once, from the exact integer, as C does.
					if fi.Signed {
						f = float64(float32(int64(signExtend(c.Bits, fi))))
					} else {
						f = float64(float32(c.Bits))
					}
				}
				return &ir.FloatConst{T: ft, V: f}
			}
		}
	}
	return &ir.Cast{X: e, T: t}
}

func signExtend(bits uint64, t *ir.IntType) uint64 {
	if !t.Signed || t.Bits >= 64 {
		return bits
	}
	shift := uint(64 - t.Bits)
	return uint64(int64(bits<<shift) >> shift)
}

func (fl *fnLower) intConst(v int64) ir.Expr {
	return &ir.Const{T: fl.std().Int, Bits: uint64(v) & 0xffffffff}
}

// ---------------------------------------------------------------------------
// Values

// rvalue lowers n in value position: arrays decay to pointers to their
// first element. Side effects are emitted before the returned expression.
func (fl *fnLower) rvalue(n cc.ExpressionNode) ir.Expr {
	e := fl.value(n)
	return fl.decay(e)
}

func (fl *fnLower) decay(e ir.Expr) ir.Expr {
	if e == nil {
		return nil
	}
	if at, ok := e.Type().(*ir.ArrayType); ok {
		if !ir.IsLvalue(e) {
			fl.fail(nil, "array value that is not an object")
		}
		return &ir.AddrOf{X: &ir.Index{X: e, I: &ir.Const{T: fl.std().Long}}, T: fl.ptrTo(at.Elem)}
	}
	return e
}

// cond lowers a controlling expression.
func (fl *fnLower) cond(n cc.ExpressionNode) ir.Expr {
	e := fl.rvalue(n)
	if e == nil || !ir.IsScalar(e.Type()) {
		fl.fail(n, "condition of non-scalar type")
	}
	return e
}

// value lowers n; aggregates come back as lvalues or temporaries.
func (fl *fnLower) value(n cc.ExpressionNode) ir.Expr {
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		return fl.primary(x)
	case *cc.PostfixExpression:
		if sel := bitFieldSel(x); sel == x {
			return fl.bitFieldRead(fl.bitFieldRef(x))
		}
		return fl.postfix(x)
	case *cc.UnaryExpression:
		return fl.unary(x)
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return fl.value(x.UnaryExpression)
		}
		if isVM(x.Type()) {
			fl.evalVLA(x, x.Type()) // (int (*)[m])p evaluates m
		}
		t := fl.irType(x, x.Type())
		if _, ok := t.(ir.VoidType); ok {
			fl.effect(x.CastExpression)
			return nil
		}
		inner := fl.rvalue(x.CastExpression)
		if _, ok := t.(*ir.StructType); ok {
			fl.fail(x, "cast to a struct or union type")
		}
		return fl.convert(inner, t)
	case *cc.MultiplicativeExpression:
		switch x.Case {
		case cc.MultiplicativeExpressionCast:
			return fl.value(x.CastExpression)
		case cc.MultiplicativeExpressionMul:
			return fl.arithBin(x, ir.Mul, x.MultiplicativeExpression, x.CastExpression)
		case cc.MultiplicativeExpressionDiv:
			return fl.arithBin(x, ir.Div, x.MultiplicativeExpression, x.CastExpression)
		default:
			return fl.arithBin(x, ir.Rem, x.MultiplicativeExpression, x.CastExpression)
		}
	case *cc.AdditiveExpression:
		if x.Case == cc.AdditiveExpressionMul {
			return fl.value(x.MultiplicativeExpression)
		}
		if v, ok := fl.vmAddSub(x); ok {
			return v
		}
		op := ir.Sub
		if x.Case == cc.AdditiveExpressionAdd {
			op = ir.Add
		}
		return fl.addSub(x, op, fl.rvalue(x.AdditiveExpression), fl.rvalue(x.MultiplicativeExpression))
	case *cc.ShiftExpression:
		switch x.Case {
		case cc.ShiftExpressionAdd:
			return fl.value(x.AdditiveExpression)
		case cc.ShiftExpressionLsh:
			return fl.shift(ir.Shl, fl.rvalue(x.ShiftExpression), fl.rvalue(x.AdditiveExpression))
		default:
			return fl.shift(ir.Shr, fl.rvalue(x.ShiftExpression), fl.rvalue(x.AdditiveExpression))
		}
	case *cc.RelationalExpression:
		ops := map[cc.RelationalExpressionCase]ir.BinOp{cc.RelationalExpressionLt: ir.Lt, cc.RelationalExpressionGt: ir.Gt,
			cc.RelationalExpressionLeq: ir.Le, cc.RelationalExpressionGeq: ir.Ge}
		if x.Case == cc.RelationalExpressionShift {
			return fl.value(x.ShiftExpression)
		}
		return fl.compare(ops[x.Case], fl.rvalue(x.RelationalExpression), fl.rvalue(x.ShiftExpression))
	case *cc.EqualityExpression:
		switch x.Case {
		case cc.EqualityExpressionRel:
			return fl.value(x.RelationalExpression)
		case cc.EqualityExpressionEq:
			return fl.compare(ir.Eq, fl.rvalue(x.EqualityExpression), fl.rvalue(x.RelationalExpression))
		default:
			return fl.compare(ir.Ne, fl.rvalue(x.EqualityExpression), fl.rvalue(x.RelationalExpression))
		}
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionEq {
			return fl.value(x.EqualityExpression)
		}
		return fl.arithBin(x, ir.And, x.AndExpression, x.EqualityExpression)
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionAnd {
			return fl.value(x.AndExpression)
		}
		return fl.arithBin(x, ir.Xor, x.ExclusiveOrExpression, x.AndExpression)
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionXor {
			return fl.value(x.ExclusiveOrExpression)
		}
		return fl.arithBin(x, ir.Or, x.InclusiveOrExpression, x.ExclusiveOrExpression)
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionOr {
			return fl.value(x.InclusiveOrExpression)
		}
		return fl.logical(ir.LAnd, x.LogicalAndExpression, x.InclusiveOrExpression)
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLAnd {
			return fl.value(x.LogicalAndExpression)
		}
		return fl.logical(ir.LOr, x.LogicalOrExpression, x.LogicalAndExpression)
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionLOr {
			return fl.value(x.LogicalOrExpression)
		}
		return fl.conditional(x)
	case *cc.AssignmentExpression:
		if x.Case == cc.AssignmentExpressionCond {
			return fl.value(x.ConditionalExpression)
		}
		lv := fl.assignment(x)
		return lv
	case *cc.ExpressionList:
		var last ir.Expr
		for l := x; l != nil; l = l.ExpressionList {
			if l.ExpressionList == nil {
				last = fl.value(l.AssignmentExpression)
			} else {
				fl.effect(l.AssignmentExpression)
			}
		}
		return last
	case *cc.ConstantExpression:
		return fl.value(x.ConditionalExpression)
	}
	fl.fail(n, "expression %T", n)
	return nil
}

func (fl *fnLower) primary(x *cc.PrimaryExpression) ir.Expr {
	switch x.Case {
	case cc.PrimaryExpressionIdent:
		switch r := x.ResolvedTo().(type) {
		case *cc.Declarator:
			if r.Type().Kind() == cc.Function {
				// A function designator: its address (C's decay).
				return fl.funcAddr(fl.funcDesignator(x, r))
			}
			return &ir.VarRef{V: fl.varFor(x, r)}
		case *cc.Enumerator:
			return fl.constValue(x, x.Value(), x.Type())
		case nil:
			fl.fail(x, "undeclared identifier %s", x.Token.SrcStr())
		default:
			fl.fail(x, "identifier %s resolving to %T", x.Token.SrcStr(), r)
		}
	case cc.PrimaryExpressionInt, cc.PrimaryExpressionFloat, cc.PrimaryExpressionChar, cc.PrimaryExpressionLChar:
		return fl.constValue(x, x.Value(), x.Type())
	case cc.PrimaryExpressionString:
		sv, ok := x.Value().(cc.StringValue)
		if !ok {
			fl.fail(x, "string literal")
		}
		// cc may report the literal's type already decayed; the object is
		// the characters and their terminating NUL.
		s := string(sv)
		if len(s) == 0 || s[len(s)-1] != 0 {
			s += "\x00"
		}
		at := &ir.ArrayType{Elem: fl.std().Char, Len: int64(len(s))}
		return &ir.VarRef{V: fl.l.stringLit(s, at)}
	case cc.PrimaryExpressionLString:
		fl.fail(x, "wide string literal")
	case cc.PrimaryExpressionExpr:
		return fl.value(x.ExpressionList)
	case cc.PrimaryExpressionStmt:
		return fl.stmtExpr(x.CompoundStatement)
	case cc.PrimaryExpressionGeneric:
		if a := x.GenericSelection.Associated(); a != nil {
			return fl.value(a.AssignmentExpression)
		}
		fl.fail(x, "_Generic selection")
	}
	fl.fail(x, "primary expression")
	return nil
}

// varFor returns the IR variable a declarator names.
func (fl *fnLower) varFor(n cc.Node, d *cc.Declarator) *ir.Var {
	if v, ok := fl.vars[d]; ok {
		return v
	}
	if d.StorageDuration() == cc.Static || d.IsExtern() || d.Linkage() != cc.None {
		v := fl.l.globalFor(fl.unit, d)
		fl.vars[d] = v
		return v
	}
	fl.fail(n, "reference to %s before its declaration was lowered", d.Name())
	return nil
}

// constValue makes an IR constant from a value cc computed.
func (fl *fnLower) constValue(n cc.Node, v cc.Value, t cc.Type) ir.Expr {
	it := fl.irType(n, t)
	switch v := v.(type) {
	case cc.Int64Value:
		return fl.convert(&ir.Const{T: fl.std().LongLong, Bits: uint64(v)}, it)
	case cc.UInt64Value:
		return fl.convert(&ir.Const{T: fl.std().ULLong, Bits: uint64(v)}, it)
	case cc.Float64Value:
		ft, ok := it.(*ir.FloatType)
		if !ok {
			if iit, ok := it.(*ir.IntType); ok && !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0) {
				return &ir.Const{T: iit, Bits: uint64(int64(v)) & iit.Mask()}
			}
			fl.fail(n, "floating constant of type %s", it)
		}
		f := float64(v)
		if ft.Bits == 32 {
			f = float64(float32(f))
		}
		return ir.NewFloatConst(ft, f)
	case *cc.LongDoubleValue:
		if t, ok := it.(*ir.FloatType); ok {
			if r, ok := exactLiteral(n); ok && t.IsLong() {
				return &ir.FloatConst{T: t, X: ir.RoundFloat80(func(z *big.Float) { z.SetRat(r) })}
			}
			return longDoubleConst((*big.Float)(v), t)
		}
		fl.fail(n, "long double constant of type %s", it)
	}
	fl.fail(n, "constant %s", sourceText(n))
	return nil
}

// stmtExpr lowers GNU's ({ ...; e; }), whose value is that of e.
func (fl *fnLower) stmtExpr(cs *cc.CompoundStatement) ir.Expr {
	var last *cc.BlockItem
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		if l.BlockItemList == nil {
			last = l.BlockItem
		}
	}
	var result ir.Expr
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		bi := l.BlockItem
		if bi == last && bi.Case == cc.BlockItemStmt && bi.Statement.Case == cc.StatementExpr && bi.Statement.ExpressionStatement.ExpressionList != nil {
			e := fl.value(bi.Statement.ExpressionStatement.ExpressionList)
			if e != nil {
				if _, ok := e.Type().(ir.VoidType); !ok {
					e = fl.decay(e)
					t := fl.temp(e.Type())
					fl.assign(&ir.VarRef{V: t}, e)
					result = &ir.VarRef{V: t}
				}
			}
			continue
		}
		switch bi.Case {
		case cc.BlockItemDecl:
			fl.declaration(bi.Declaration)
		case cc.BlockItemStmt:
			fl.stmt(bi.Statement)
		}
	}
	return result
}

// ---------------------------------------------------------------------------
// Operators

func (fl *fnLower) arithBin(n cc.Node, op ir.BinOp, a, b cc.ExpressionNode) ir.Expr {
	x, y := fl.rvalue(a), fl.rvalue(b)
	return fl.arithOp(n, op, x, y)
}

func (fl *fnLower) arithOp(n cc.Node, op ir.BinOp, x, y ir.Expr) ir.Expr {
	if x == nil || y == nil {
		fl.fail(n, "use of a void value")
	}
	if !ir.IsScalar(x.Type()) || !ir.IsScalar(y.Type()) {
		fl.fail(n, "arithmetic on %s and %s", x.Type(), y.Type())
	}
	if _, ok := x.Type().(*ir.PointerType); ok {
		fl.fail(n, "arithmetic operator %s on a pointer", op)
	}
	t := fl.arith(x.Type(), y.Type())
	return &ir.Binary{Op: op, X: fl.convert(x, t), Y: fl.convert(y, t), T: t}
}

func (fl *fnLower) addSub(n cc.Node, op ir.BinOp, x, y ir.Expr) ir.Expr {
	xp, xIsPtr := x.Type().(*ir.PointerType)
	yp, yIsPtr := y.Type().(*ir.PointerType)
	switch {
	case xIsPtr && yIsPtr:
		if op != ir.Sub {
			fl.fail(n, "adding two pointers")
		}
		if !ir.SameType(xp.Elem, yp.Elem) {
			y = fl.convert(y, xp)
		}
		return &ir.Binary{Op: ir.PtrSub, X: x, Y: y, T: fl.std().PtrDiffT}
	case xIsPtr:
		return fl.ptrAdd(xp, x, y, op == ir.Sub)
	case yIsPtr:
		if op == ir.Sub {
			fl.fail(n, "integer minus pointer")
		}
		return fl.ptrAdd(yp, y, x, false)
	}
	return fl.arithOp(n, op, x, y)
}

// ptrAdd is p ± i; the index is widened to ptrdiff_t first, so that an
// unsigned index is not negated as an unsigned value.
func (fl *fnLower) ptrAdd(pt *ir.PointerType, p, i ir.Expr, neg bool) ir.Expr {
	if _, ok := pt.Elem.(*ir.FuncType); ok {
		fl.fail(nil, "arithmetic on a function pointer")
	}
	if _, ok := i.Type().(*ir.IntType); !ok {
		fl.fail(nil, "pointer offset of type %s", i.Type())
	}
	idx := fl.convert(i, fl.std().PtrDiffT)
	if neg {
		if c, ok := idx.(*ir.Const); ok {
			idx = &ir.Const{T: c.T, Bits: -c.Bits & c.T.(*ir.IntType).Mask()}
		} else {
			idx = &ir.Unary{Op: ir.Neg, X: idx, T: idx.Type()}
		}
	}
	return &ir.Binary{Op: ir.PtrAdd, X: p, Y: idx, T: pt}
}

func (fl *fnLower) shift(op ir.BinOp, x, y ir.Expr) ir.Expr {
	if x == nil || y == nil {
		fl.fail(nil, "use of a void value")
	}
	tx, ty := fl.promote(x.Type()), fl.promote(y.Type())
	if _, ok := tx.(*ir.IntType); !ok {
		fl.fail(nil, "shift of %s", tx)
	}
	if _, ok := ty.(*ir.IntType); !ok {
		fl.fail(nil, "shift by %s", ty)
	}
	return &ir.Binary{Op: op, X: fl.convert(x, tx), Y: fl.convert(y, ty), T: tx}
}

func (fl *fnLower) compare(op ir.BinOp, x, y ir.Expr) ir.Expr {
	if x == nil || y == nil {
		fl.fail(nil, "use of a void value")
	}
	xp, xIsPtr := x.Type().(*ir.PointerType)
	yp, yIsPtr := y.Type().(*ir.PointerType)
	switch {
	case xIsPtr && yIsPtr:
		if !ir.SameType(xp, yp) {
			y = &ir.Cast{X: y, T: xp}
		}
	case xIsPtr:
		y = fl.convert(y, xp)
	case yIsPtr:
		x = fl.convert(x, yp)
	default:
		t := fl.arith(x.Type(), y.Type())
		x, y = fl.convert(x, t), fl.convert(y, t)
	}
	return &ir.Binary{Op: op, X: x, Y: y, T: fl.std().Int}
}

func (fl *fnLower) truth(e ir.Expr) ir.Expr {
	if e == nil || !ir.IsScalar(e.Type()) {
		fl.fail(nil, "truth value of a non-scalar")
	}
	return e
}

// logical lowers && and ||: a pure right operand stays in the expression
// (evaluated lazily), one with side effects becomes control flow.
func (fl *fnLower) logical(op ir.BinOp, a, b cc.ExpressionNode) ir.Expr {
	x := fl.truth(fl.rvalue(a))
	if !mayEmit(b) {
		y := fl.truth(fl.rvalue(b))
		return &ir.Binary{Op: op, X: x, Y: y, T: fl.std().Int}
	}
	t := fl.temp(fl.std().Int)
	done := fl.newLabel()
	res := &ir.VarRef{V: t}
	if op == ir.LAnd {
		fl.assign(res, fl.intConst(0))
		fl.jumpUnless(done, x)
	} else {
		fl.assign(res, fl.intConst(1))
		fl.jump(done, x)
	}
	y := fl.truth(fl.rvalue(b))
	fl.assign(res, &ir.Binary{Op: ir.Ne, X: y, Y: fl.convert(fl.intConst(0), y.Type()), T: fl.std().Int})
	fl.place(done)
	return res
}

func (fl *fnLower) conditional(x *cc.ConditionalExpression) ir.Expr {
	rt := fl.irType(x, x.Type())
	_, isVoid := rt.(ir.VoidType)
	_, isAgg := rt.(*ir.StructType)
	pure := !mayEmit(x.ExpressionList) && !mayEmit(x.ConditionalExpression)
	if x.ExpressionList == nil {
		// GNU a ?: b
		c := fl.truth(fl.rvalue(x.LogicalOrExpression))
		t := fl.temp(c.Type())
		fl.assign(&ir.VarRef{V: t}, c)
		if pure {
			return &ir.Cond{C: &ir.VarRef{V: t}, X: fl.convert(&ir.VarRef{V: t}, rt), Y: fl.convert(fl.rvalue(x.ConditionalExpression), rt), T: rt}
		}
		x2 := &cc.ConditionalExpression{}
		_ = x2
		fl.fail(x, "?: without a middle operand and with side effects")
	}
	if _, isInt := rt.(*ir.IntType); isInt && (readsBitField(x.ExpressionList, isWideBitField) || readsBitField(x.ConditionalExpression, isWideBitField)) {
		return fl.conditionalByArms(x)
	}
	c := fl.truth(fl.rvalue(x.LogicalOrExpression))
	if pure && !isVoid && !isAgg {
		a := fl.convert(fl.rvalue(x.ExpressionList), rt)
		b := fl.convert(fl.rvalue(x.ConditionalExpression), rt)
		return &ir.Cond{C: c, X: a, Y: b, T: rt}
	}
	elseL, endL := fl.newLabel(), fl.newLabel()
	var res *ir.Var
	if !isVoid {
		res = fl.temp(rt)
	}
	fl.jumpUnless(elseL, c)
	branch := func(n cc.ExpressionNode) {
		if isVoid {
			fl.effect(n)
			return
		}
		v := fl.rvalue(n)
		fl.assign(&ir.VarRef{V: res}, fl.convert(v, rt))
	}
	branch(x.ExpressionList)
	fl.jump(endL, nil)
	fl.place(elseL)
	branch(x.ConditionalExpression)
	fl.place(endL)
	fl.emit(&ir.Skip{At: fl.at()})
	if isVoid {
		return nil
	}
	return &ir.VarRef{V: res}
}

func (fl *fnLower) unary(x *cc.UnaryExpression) ir.Expr {
	switch x.Case {
	case cc.UnaryExpressionPostfix:
		return fl.value(x.PostfixExpression)
	case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
		if sel := bitFieldSel(x.UnaryExpression); sel != nil {
			return fl.bitFieldIncDec(sel, x.Case == cc.UnaryExpressionInc, false)
		}
		lv := fl.lvalue(x.UnaryExpression)
		fl.incDecOf(x.UnaryExpression, lv, x.Case == cc.UnaryExpressionInc)
		return lv
	case cc.UnaryExpressionAddrof:
		return fl.addrOf(x.CastExpression)
	case cc.UnaryExpressionDeref:
		if vmTypeOf(x) != nil {
			// *p of a pointer to a variably modified array, or *a of an
			// array of them: the array, whose value is its address.
			p, _ := fl.vmAddr(x, true)
			return p
		}
		p := fl.rvalue(x.CastExpression)
		pt, ok := p.Type().(*ir.PointerType)
		if !ok {
			fl.fail(x, "dereference of a non-pointer")
		}
		if _, ok := pt.Elem.(*ir.FuncType); ok {
			// *fp is a function designator, which decays back to fp.
			return p
		}
		if _, ok := pt.Elem.(ir.VoidType); ok {
			fl.fail(x, "dereference of void *")
		}
		return &ir.Deref{P: p, T: pt.Elem}
	case cc.UnaryExpressionPlus:
		v := fl.rvalue(x.CastExpression)
		return fl.convert(v, fl.promote(v.Type()))
	case cc.UnaryExpressionMinus:
		v := fl.rvalue(x.CastExpression)
		t := fl.promote(v.Type())
		v = fl.convert(v, t)
		if c, ok := v.(*ir.Const); ok {
			it := t.(*ir.IntType)
			return &ir.Const{T: t, Bits: -c.Bits & it.Mask()}
		}
		if c, ok := v.(*ir.FloatConst); ok {
			n := *c
			if c.T.IsLong() {
				n.X.SE ^= 0x8000 // the sign bit, as FCHS flips it
			} else {
				n.V = -c.V
			}
			return &n
		}
		return &ir.Unary{Op: ir.Neg, X: v, T: t}
	case cc.UnaryExpressionCpl:
		v := fl.rvalue(x.CastExpression)
		t := fl.promote(v.Type())
		if _, ok := t.(*ir.IntType); !ok {
			fl.fail(x, "~ on %s", t)
		}
		return &ir.Unary{Op: ir.BNot, X: fl.convert(v, t), T: t}
	case cc.UnaryExpressionNot:
		v := fl.truth(fl.rvalue(x.CastExpression))
		return fl.not(v)
	case cc.UnaryExpressionSizeofExpr:
		if at := vmTypeOf(x.UnaryExpression); at != nil {
			if v, ok := fl.vmSizeof(x, x.UnaryExpression, at); ok {
				return v
			}
		}
		if v := fl.vlaSize(x.UnaryExpression); v != nil {
			return v
		}
		if v, ok := fl.bitFieldSizeof(x.UnaryExpression); ok {
			return v
		}
		return fl.sizeConst(x, x.Value(), x.UnaryExpression.Type())
	case cc.UnaryExpressionSizeofType:
		if v, ok := fl.vmSizeof(x, nil, x.TypeName.Type()); ok {
			return v
		}
		return fl.sizeConst(x, x.Value(), x.TypeName.Type())
	case cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
		if v, ok := x.Value().(cc.UInt64Value); ok {
			return &ir.Const{T: fl.std().SizeT, Bits: uint64(v)}
		}
		if v, ok := x.Value().(cc.Int64Value); ok {
			return &ir.Const{T: fl.std().SizeT, Bits: uint64(v)}
		}
		fl.fail(x, "_Alignof")
	case cc.UnaryExpressionLabelAddr:
		fl.fail(x, "address of a label (&&label)")
	default:
		fl.fail(x, "__real__/__imag__")
	}
	return nil
}

// conditionalByArms lowers an integer c ? a : b whose type comes from the
// usual arithmetic conversions of its arms' types as the lowering has them,
// not from cc/v4: an arm may read a bit-field of 32 bits or more in a
// wider type, whose own type gcc keeps (c ? s.f : 0 is unsigned:40 when f
// is unsigned long f : 40). The condition is kept in a temporary, each arm
// in one of its own type, and the result is selected after both branches.
func (fl *fnLower) conditionalByArms(x *cc.ConditionalExpression) ir.Expr {
	c := fl.truth(fl.rvalue(x.LogicalOrExpression))
	if !mayEmit(x.ExpressionList) && !mayEmit(x.ConditionalExpression) {
		a, b := fl.rvalue(x.ExpressionList), fl.rvalue(x.ConditionalExpression)
		rt := fl.arith(a.Type(), b.Type())
		return &ir.Cond{C: c, X: fl.convert(a, rt), Y: fl.convert(b, rt), T: rt}
	}
	ct := fl.temp(c.Type())
	fl.assign(&ir.VarRef{V: ct}, c)
	elseL, endL := fl.newLabel(), fl.newLabel()
	fl.jumpUnless(elseL, &ir.VarRef{V: ct})
	// Each arm's temporary is created once its type is known; the other
	// branch leaves it unassigned, and the selection below never reads it.
	a := fl.rvalue(x.ExpressionList)
	at := fl.temp(a.Type())
	fl.assign(&ir.VarRef{V: at}, a)
	fl.jump(endL, nil)
	fl.place(elseL)
	b := fl.rvalue(x.ConditionalExpression)
	bt := fl.temp(b.Type())
	fl.assign(&ir.VarRef{V: bt}, b)
	fl.place(endL)
	fl.emit(&ir.Skip{At: fl.at()})
	rt := fl.arith(a.Type(), b.Type())
	return &ir.Cond{C: &ir.VarRef{V: ct}, X: fl.convert(&ir.VarRef{V: at}, rt), Y: fl.convert(&ir.VarRef{V: bt}, rt), T: rt}
}

// vlaSize answers sizeof(a) for a VLA a from the size kept at its
// declaration.
func (fl *fnLower) vlaSize(n cc.ExpressionNode) ir.Expr {
	p, ok := stripParens(n).(*cc.PrimaryExpression)
	if !ok || p.Case != cc.PrimaryExpressionIdent {
		return nil
	}
	d, ok := p.ResolvedTo().(*cc.Declarator)
	if !ok {
		return nil
	}
	if v, ok := fl.vars[d]; ok {
		if size, ok := fl.vlas[v]; ok {
			return size
		}
	}
	return nil
}

func (fl *fnLower) sizeConst(n cc.Node, v cc.Value, t cc.Type) ir.Expr {
	st := fl.std().SizeT
	switch v := v.(type) {
	case cc.UInt64Value:
		return &ir.Const{T: st, Bits: uint64(v) & st.Mask()}
	case cc.Int64Value:
		return &ir.Const{T: st, Bits: uint64(v) & st.Mask()}
	}
	if t != nil && !t.IsIncomplete() {
		if at, ok := t.(*cc.ArrayType); !ok || !at.IsVLA() {
			return &ir.Const{T: st, Bits: uint64(t.Size()) & st.Mask()}
		}
	}
	fl.fail(n, "sizeof of a variable-length type")
	return nil
}

// addrOf lowers &e.
func (fl *fnLower) addrOf(n cc.ExpressionNode) ir.Expr {
	if t := n.Type(); t != nil && t.Kind() == cc.Function {
		return fl.rvalue(n) // &f and &*fp: the function's address
	}
	if vmTypeOf(n) != nil {
		// &a, &a[i], &*p of a variably modified array: its address.
		p, _ := fl.vmAddr(n, true)
		return p
	}
	if x, ok := stripParens(n).(*cc.PostfixExpression); ok && isVMIndex(x) {
		p, _ := fl.vmIndex(x, true)
		return p
	}
	lv := fl.lvalue(n)
	if d, ok := lv.(*ir.Deref); ok {
		return fl.convert(d.P, fl.ptrTo(d.T))
	}
	markAddrTaken(lv)
	return &ir.AddrOf{X: lv, T: fl.ptrTo(lv.Type())}
}

// markAddrTaken records that the variable under lv must live in memory.
func markAddrTaken(lv ir.Expr) {
	if v := ir.RootVar(lv); v != nil {
		v.AddrTaken = true
	}
}

// incDecOf is incDec of lv, the object n designates: a pointer to a
// variably modified array steps by a row.
func (fl *fnLower) incDecOf(n cc.ExpressionNode, lv ir.Expr, inc bool) {
	if at := vmPointee(n.Type()); at != nil {
		fl.vmStep(n, lv, at, fl.intConst(1), !inc)
		return
	}
	fl.incDec(lv, inc)
}

// incDec emits lv = lv ± 1 with C's conversions.
func (fl *fnLower) incDec(lv ir.Expr, inc bool) {
	t := lv.Type()
	var nv ir.Expr
	switch tt := t.(type) {
	case *ir.PointerType:
		nv = fl.ptrAdd(tt, lv, fl.intConst(1), !inc)
	case *ir.FloatType:
		op := ir.Add
		if !inc {
			op = ir.Sub
		}
		nv = &ir.Binary{Op: op, X: lv, Y: ir.NewFloatConst(tt, 1), T: tt}
	case *ir.IntType:
		op := ir.Add
		if !inc {
			op = ir.Sub
		}
		nv = fl.convert(fl.arithOp(nil, op, lv, fl.intConst(1)), t)
	default:
		fl.fail(nil, "++/-- on %s", t)
	}
	fl.assign(lv, nv)
}

// lvalue lowers n as an object designator. Its sub-expressions are pure,
// so the result may be evaluated more than once.
func (fl *fnLower) lvalue(n cc.ExpressionNode) ir.Expr {
	if sel := bitFieldSel(n); sel != nil {
		fl.fail(n, "bit-field %s used as an object", sel.Token2.SrcStr())
	}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionExpr:
			return fl.lvalue(x.ExpressionList)
		case cc.PrimaryExpressionIdent, cc.PrimaryExpressionString:
			e := fl.primary(x)
			if v, ok := e.(*ir.VarRef); ok {
				if _, isVLA := fl.vlas[v.V]; isVLA {
					fl.fail(x, "variable-length array used as an object")
				}
			}
			return e
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return fl.lvalue(x.PrimaryExpression)
		case cc.PostfixExpressionIndex, cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect, cc.PostfixExpressionComplit:
			return fl.postfix(x)
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPostfix:
			return fl.lvalue(x.PostfixExpression)
		case cc.UnaryExpressionDeref:
			return fl.unary(x)
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return fl.lvalue(x.UnaryExpression)
		}
	}
	// An aggregate rvalue (a call's result, an assignment's value, a
	// conditional) used where an object is needed: materialise it.
	e := fl.value(n)
	if e == nil {
		fl.fail(n, "use of a void value")
	}
	if ir.IsLvalue(e) {
		return e
	}
	t := fl.temp(e.Type())
	fl.assign(&ir.VarRef{V: t}, e)
	return &ir.VarRef{V: t}
}

func (fl *fnLower) postfix(x *cc.PostfixExpression) ir.Expr {
	if isVMIndex(x) {
		// A row decays to its address; an element is accessed.
		return fl.vmValue(x, vmTypeOf(x) != nil)
	}
	switch x.Case {
	case cc.PostfixExpressionPrimary:
		return fl.value(x.PrimaryExpression)
	case cc.PostfixExpressionIndex:
		return fl.index(x)
	case cc.PostfixExpressionCall:
		return fl.call(x, true)
	case cc.PostfixExpressionSelect:
		base := fl.lvalue(x.PostfixExpression)
		return fl.field(x, base, x.Token2.SrcStr())
	case cc.PostfixExpressionPSelect:
		p := fl.rvalue(x.PostfixExpression)
		pt, ok := p.Type().(*ir.PointerType)
		if !ok {
			fl.fail(x, "-> on a non-pointer")
		}
		return fl.field(x, &ir.Deref{P: p, T: pt.Elem}, x.Token2.SrcStr())
	case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
		if sel := bitFieldSel(x.PostfixExpression); sel != nil {
			return fl.bitFieldIncDec(sel, x.Case == cc.PostfixExpressionInc, true)
		}
		lv := fl.lvalue(x.PostfixExpression)
		old := fl.temp(lv.Type())
		fl.assign(&ir.VarRef{V: old}, lv)
		fl.incDecOf(x.PostfixExpression, lv, x.Case == cc.PostfixExpressionInc)
		return &ir.VarRef{V: old}
	case cc.PostfixExpressionComplit:
		t := fl.irType(x, x.TypeName.Type())
		if at, ok := t.(*ir.ArrayType); ok && at.Len < 0 {
			t = fl.irType(x, x.Type())
		}
		v := fl.newVar("$lit", t, ir.Local, fl.cur)
		v.AddrTaken = true
		fl.emit(&ir.Decl{At: fl.at(), V: v, HasInit: true})
		init := &cc.Initializer{Case: cc.InitializerInitList, InitializerList: x.InitializerList}
		fl.initList(&ir.VarRef{V: v}, t, x.InitializerList, init)
		return &ir.VarRef{V: v}
	}
	fl.fail(x, "postfix expression")
	return nil
}

// field selects member name of struct lvalue base, looking through
// anonymous members.
func (fl *fnLower) field(n cc.Node, base ir.Expr, name string) ir.Expr {
	st, ok := base.Type().(*ir.StructType)
	if !ok {
		fl.fail(n, "member access on %s", base.Type())
	}
	path := fieldPath(st, name)
	if path == nil {
		fl.fail(n, "no member %s in %s", name, st.Name)
	}
	e := base
	for _, i := range path {
		e = &ir.Field{X: e, Index: i}
	}
	return e
}

func fieldPath(st *ir.StructType, name string) []int {
	if i := st.FieldIndex(name); i >= 0 {
		return []int{i}
	}
	for i, f := range st.Fields {
		if len(f.Name) > 5 && f.Name[:5] == "$anon" {
			if inner, ok := f.Type.(*ir.StructType); ok {
				if p := fieldPath(inner, name); p != nil {
					return append([]int{i}, p...)
				}
			}
		}
	}
	return nil
}

// index lowers a[i] (or i[a]): an array object is indexed directly, a
// pointer through pointer arithmetic. The IR types decide, not cc's: cc
// reports some array operands already decayed.
func (fl *fnLower) index(x *cc.PostfixExpression) ir.Expr {
	base, idx := fl.value(x.PostfixExpression), fl.value(x.ExpressionList)
	if base == nil || idx == nil {
		fl.fail(x, "subscript of a void value")
	}
	if !isPtrOrArrayIR(base.Type()) {
		base, idx = idx, base
	}
	idx = fl.decay(idx)
	if _, ok := idx.Type().(*ir.IntType); !ok {
		fl.fail(x, "array index of type %s", idx.Type())
	}
	if _, ok := base.Type().(*ir.ArrayType); ok && ir.IsLvalue(base) {
		return &ir.Index{X: base, I: fl.convert(idx, fl.promote(idx.Type()))}
	}
	return fl.derefAdd(x, fl.decay(base), idx)
}

func isPtrOrArrayIR(t ir.Type) bool {
	switch t.(type) {
	case *ir.PointerType, *ir.ArrayType:
		return true
	}
	return false
}

func (fl *fnLower) derefAdd(n cc.Node, p, i ir.Expr) ir.Expr {
	pt, ok := p.Type().(*ir.PointerType)
	if !ok {
		fl.fail(n, "subscript of %s", p.Type())
	}
	if _, ok := pt.Elem.(ir.VoidType); ok {
		fl.fail(n, "subscript of void *")
	}
	return &ir.Deref{P: fl.ptrAdd(pt, p, i, false), T: pt.Elem}
}

// ---------------------------------------------------------------------------
// Assignment and effects

var compoundOps = map[cc.AssignmentExpressionCase]ir.BinOp{
	cc.AssignmentExpressionMul: ir.Mul, cc.AssignmentExpressionDiv: ir.Div, cc.AssignmentExpressionMod: ir.Rem,
	cc.AssignmentExpressionAdd: ir.Add, cc.AssignmentExpressionSub: ir.Sub, cc.AssignmentExpressionLsh: ir.Shl,
	cc.AssignmentExpressionRsh: ir.Shr, cc.AssignmentExpressionAnd: ir.And, cc.AssignmentExpressionXor: ir.Xor,
	cc.AssignmentExpressionOr: ir.Or,
}

// assignment emits an assignment and returns its left operand, whose value
// after the store is the value of the expression.
func (fl *fnLower) assignment(x *cc.AssignmentExpression) ir.Expr {
	if sel := bitFieldSel(x.UnaryExpression); sel != nil {
		return fl.bitFieldAssign(x, sel)
	}
	lv := fl.lvalue(x.UnaryExpression)
	t := lv.Type()
	if x.Case == cc.AssignmentExpressionAssign {
		if call, ok := x.AssignmentExpression.(*cc.PostfixExpression); ok && call.Case == cc.PostfixExpressionCall {
			if rt, err := fl.l.types.conv(call.Type()); err == nil && ir.SameType(rt, t) && fl.directCall(call) {
				fl.callInto(call, lv)
				return lv
			}
		}
		rv := fl.rvalue(x.AssignmentExpression)
		fl.assign(lv, fl.convert(rv, t))
		return lv
	}
	op := compoundOps[x.Case]
	rv := fl.rvalue(x.AssignmentExpression)
	if at := vmPointee(x.UnaryExpression.Type()); at != nil && (op == ir.Add || op == ir.Sub) {
		fl.vmStep(x, lv, at, rv, op == ir.Sub)
		return lv
	}
	nv := fl.compoundValue(x, op, lv, rv)
	fl.assign(lv, fl.convert(nv, t))
	return lv
}

// compoundValue is the value a compound assignment (x op= y) stores: lv op rv
// with op's conversions.
func (fl *fnLower) compoundValue(x *cc.AssignmentExpression, op ir.BinOp, lv, rv ir.Expr) ir.Expr {
	switch {
	case op == ir.Shl || op == ir.Shr:
		return fl.shift(op, lv, rv)
	case op == ir.Add || op == ir.Sub:
		return fl.addSub(x, op, lv, rv)
	}
	return fl.arithOp(x, op, lv, rv)
}

// effect lowers n for its side effects only.
func (fl *fnLower) effect(n cc.ExpressionNode) {
	switch x := n.(type) {
	case *cc.AssignmentExpression:
		if x.Case != cc.AssignmentExpressionCond {
			fl.assignment(x)
			return
		}
		fl.effect(x.ConditionalExpression)
		return
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
			if sel := bitFieldSel(x.PostfixExpression); sel != nil {
				fl.bitFieldIncDec(sel, x.Case == cc.PostfixExpressionInc, false)
				return
			}
			fl.incDecOf(x.PostfixExpression, fl.lvalue(x.PostfixExpression), x.Case == cc.PostfixExpressionInc)
			return
		case cc.PostfixExpressionCall:
			fl.call(x, false)
			return
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec {
			if sel := bitFieldSel(x.UnaryExpression); sel != nil {
				fl.bitFieldIncDec(sel, x.Case == cc.UnaryExpressionInc, false)
				return
			}
			fl.incDecOf(x.UnaryExpression, fl.lvalue(x.UnaryExpression), x.Case == cc.UnaryExpressionInc)
			return
		}
	case *cc.ExpressionList:
		for l := x; l != nil; l = l.ExpressionList {
			fl.effect(l.AssignmentExpression)
		}
		return
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast && x.Type().Kind() == cc.Void {
			fl.effect(x.CastExpression)
			return
		}
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			fl.effect(x.ExpressionList)
			return
		}
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionCond && x.ExpressionList != nil && (hasEffects(x.ExpressionList) || hasEffects(x.ConditionalExpression)) {
			// glibc's assert without statement expressions: c ? (void)0 : __assert_fail(...)
			c := fl.truth(fl.rvalue(x.LogicalOrExpression))
			elseL, endL := fl.newLabel(), fl.newLabel()
			fl.jumpUnless(elseL, c)
			fl.effect(x.ExpressionList)
			fl.jump(endL, nil)
			fl.place(elseL)
			fl.effect(x.ConditionalExpression)
			fl.place(endL)
			fl.emit(&ir.Skip{At: fl.at()})
			return
		}
	case *cc.LogicalAndExpression, *cc.LogicalOrExpression:
		fl.value(n)
		return
	}
	if !hasEffects(n) {
		return // a pure expression statement does nothing
	}
	fl.value(n)
}

// convertFloatConst converts a constant between long double and float or
// double, as the interpreter does at run time.
func convertFloatConst(c *ir.FloatConst, t *ir.FloatType) *ir.FloatConst {
	switch {
	case !c.T.IsLong():
		return ir.NewFloatConst(t, c.V)
	case t.Bits == 32:
		return &ir.FloatConst{T: t, V: float64(c.X.Float32())}
	}
	return &ir.FloatConst{T: t, V: c.X.Float64()}
}

// exactLiteral is the exact value of a floating literal with an L suffix:
// cc keeps it in 256 bits, and rounding that again to 64 bits could, in
// principle, round twice.
func exactLiteral(n cc.Node) (*big.Rat, bool) {
	pe, ok := n.(*cc.PrimaryExpression)
	if !ok || pe.Case != cc.PrimaryExpressionFloat {
		return nil, false
	}
	s, ok := strings.CutSuffix(strings.ToLower(pe.Token.SrcStr()), "l")
	if !ok {
		return nil, false
	}
	return new(big.Rat).SetString(s)
}

// longDoubleConst rounds a constant cc computed in extended precision
// (FLT_MAX's long digits) once, straight to the type t: long double itself
// is rounded too, as cc's precision and exponent range are not the x87's.
func longDoubleConst(v *big.Float, t *ir.FloatType) *ir.FloatConst {
	switch t.Bits {
	case 32:
		f, _ := v.Float32()
		return &ir.FloatConst{T: t, V: float64(f)}
	case 80:
		return &ir.FloatConst{T: t, X: ir.RoundFloat80(func(z *big.Float) { z.Set(v) })}
	}
	f, _ := v.Float64()
	return &ir.FloatConst{T: t, V: f}
}
