package cfront

import (
	"fmt"

	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

// guard lowers one statement-sized piece; an unsupported construct inside
// it becomes an ir.Unsupported at that point, and lowering goes on with the
// next statement.
func (fl *fnLower) guard(n cc.Node, body func()) {
	saved := fl.cur
	if n != nil {
		fl.cur = fl.l.pos(n.Position())
	}
	// A panic can unwind through nested statements (a statement expression
	// holding a loop): restore the statement context they had pushed.
	nScopes, nBreaks, nConts, sw := len(fl.scopes), len(fl.breaks), len(fl.conts), fl.sw
	defer func() {
		fl.cur = saved
		r := recover()
		if r == nil {
			return
		}
		fl.scopes, fl.breaks, fl.conts, fl.sw = fl.scopes[:nScopes], fl.breaks[:nBreaks], fl.conts[:nConts], sw
		u, ok := r.(*unsupportedErr)
		if !ok {
			// A lowering bug must not take the tool down: report the
			// statement as unsupported, with the cause, so the run goes on.
			u = &unsupportedErr{pos: fl.l.pos(n.Position()), what: fmt.Sprintf("internal error lowering this statement: %v", r)}
		}
		fl.l.unsupported(u.pos, u.what)
		fl.emit(&ir.Unsupported{At: ir.At{P: u.pos}, Construct: u.what})
	}()
	body()
}

func (fl *fnLower) compound(cs *cc.CompoundStatement, scoped bool) {
	if scoped {
		fl.pushScope(cs)
	}
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		bi := l.BlockItem
		switch bi.Case {
		case cc.BlockItemDecl:
			fl.guard(bi.Declaration, func() {
				vs := fl.declaration(bi.Declaration)
				if scoped {
					fl.declared(vs)
				}
			})
		case cc.BlockItemStmt:
			fl.stmt(bi.Statement)
		case cc.BlockItemLabel:
			// __label__ declarations: nothing to do.
		case cc.BlockItemFuncDef:
			fl.guard(bi, func() { fl.fail(bi, "nested function definition") })
		}
	}
	if scoped {
		fl.popScope(fl.l.pos(cs.Token2.Position()))
	}
}

// declaration lowers a block-scope declaration, returning the locals it
// declared.
func (fl *fnLower) declaration(d *cc.Declaration) []*ir.Var {
	var out []*ir.Var
	if d.Case == cc.DeclarationAssert {
		return nil
	}
	for idl := d.InitDeclaratorList; idl != nil; idl = idl.InitDeclaratorList {
		id := idl.InitDeclarator
		decl := id.Declarator
		if decl != nil && decl.IsTypename() && isVM(decl.Type()) {
			// typedef int row[n]: n is evaluated here.
			fl.evalVLA(decl, decl.Type())
			continue
		}
		if decl == nil || decl.IsTypename() || decl.Name() == "__func__" {
			continue
		}
		t := decl.Type()
		if t.Kind() == cc.Function {
			fl.l.funcFor(fl.unit, decl, false)
			continue
		}
		if decl.IsExtern() {
			fl.vars[decl] = fl.l.globalFor(fl.unit, decl)
			continue
		}
		if decl.IsStatic() || decl.StorageDuration() == cc.Static {
			v := fl.l.globalFor(fl.unit, decl)
			v.Name = fl.l.uniqueName(fl.f.Name + "::" + decl.Name())
			fl.vars[decl] = v
			if id.Initializer != nil {
				fl.l.initFn.initGlobal(v, decl, id.Initializer)
			}
			continue
		}
		fl.cur = fl.l.pos(decl.Position())
		if at := vmArray(t); at != nil {
			out = append(out, fl.declareVLA(decl, at))
			continue
		}
		if isVM(t) {
			fl.evalVLA(decl, t) // int (*p)[m]
		}
		it, err := fl.l.types.conv(t)
		if err != nil {
			fl.fail(decl, "variable %s: %v", decl.Name(), err)
		}
		v := fl.newVar(decl.Name(), it, ir.Local, fl.cur)
		v.AddrTaken = decl.AddressTaken()
		fl.vars[decl] = v
		out = append(out, v)
		fl.emit(&ir.Decl{At: fl.at(), V: v, HasInit: id.Initializer != nil})
		if id.Initializer != nil {
			fl.initLocal(&ir.VarRef{V: v}, it, id.Initializer)
		}
	}
	return out
}

func (fl *fnLower) stmt(s *cc.Statement) {
	if s == nil {
		return
	}
	switch s.Case {
	case cc.StatementLabeled:
		fl.labeled(s.LabeledStatement)
	case cc.StatementCompound:
		fl.compound(s.CompoundStatement, true)
	case cc.StatementExpr:
		es := s.ExpressionStatement
		if es.ExpressionList != nil {
			fl.guard(es, func() { fl.effect(es.ExpressionList) })
		}
	case cc.StatementSelection:
		fl.selection(s.SelectionStatement)
	case cc.StatementIteration:
		fl.iteration(s.IterationStatement)
	case cc.StatementJump:
		fl.guard(s.JumpStatement, func() { fl.jumpStmt(s.JumpStatement) })
	case cc.StatementAsm:
		fl.guard(s.AsmStatement, func() { fl.fail(s.AsmStatement, "inline assembly") })
	}
}

func (fl *fnLower) labelNamed(name string) *label {
	lb, ok := fl.named[name]
	if !ok {
		lb = fl.newLabel()
		fl.named[name] = lb
	}
	return lb
}

func (fl *fnLower) labeled(ls *cc.LabeledStatement) {
	switch ls.Case {
	case cc.LabeledStatementLabel:
		fl.cur = fl.l.pos(ls.Position())
		fl.placeNamedLabel(ls.Token.SrcStr())
		fl.emit(&ir.Skip{At: fl.at()})
	case cc.LabeledStatementCaseLabel, cc.LabeledStatementRange, cc.LabeledStatementDefault:
		if fl.sw == nil {
			fl.guard(ls, func() { fl.fail(ls, "case label outside switch") })
			break
		}
		var lb *label
		if ls.Case == cc.LabeledStatementDefault {
			lb = fl.sw.def
		} else {
			lb = fl.sw.cases[ls]
		}
		if lb != nil {
			fl.cur = fl.l.pos(ls.Position())
			fl.placeCaseLabel(lb)
		}
	}
	fl.stmt(ls.Statement)
}

func (fl *fnLower) selection(ss *cc.SelectionStatement) {
	switch ss.Case {
	case cc.SelectionStatementIf, cc.SelectionStatementIfElse:
		// glibc's assert() expands to `if (c) ; else __assert_fail(...)`:
		// lower that to one Assert carrying the assertion's own text.
		if ss.Case == cc.SelectionStatementIfElse && isEmptyStmt(ss.Statement) {
			if call, text := assertFailCall(ss.Statement2); call != nil {
				fl.guard(ss, func() {
					c := fl.cond(ss.ExpressionList)
					fl.emit(&ir.Assert{At: fl.at(), Cond: c, Prop: fl.l.newProp(fl.f.Name, ir.PropAssertion, text, fl.cur)})
				})
				return
			}
		}
		elseL, endL := fl.newLabel(), fl.newLabel()
		ok := true
		fl.guard(ss, func() {
			c := fl.cond(ss.ExpressionList)
			fl.jumpUnless(elseL, c)
		})
		_ = ok
		fl.stmt(ss.Statement)
		if ss.Case == cc.SelectionStatementIfElse {
			fl.jump(endL, nil)
			fl.place(elseL)
			fl.stmt(ss.Statement2)
		} else {
			fl.place(elseL)
		}
		fl.place(endL)
	case cc.SelectionStatementSwitch:
		fl.switchStmt(ss)
	}
}

func isEmptyStmt(s *cc.Statement) bool {
	return s != nil && s.Case == cc.StatementExpr && s.ExpressionStatement.ExpressionList == nil
}

// assertFailCall recognises `__assert_fail("text", ...)` as a statement.
func assertFailCall(s *cc.Statement) (*cc.PostfixExpression, string) {
	if s == nil || s.Case != cc.StatementExpr || s.ExpressionStatement.ExpressionList == nil {
		return nil, ""
	}
	pe, ok := s.ExpressionStatement.ExpressionList.(*cc.PostfixExpression)
	if !ok || pe.Case != cc.PostfixExpressionCall || calleeName(pe) != "__assert_fail" {
		return nil, ""
	}
	text := "assertion"
	if pe.ArgumentExpressionList != nil {
		if p, ok := pe.ArgumentExpressionList.AssignmentExpression.(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionString {
			if sv, ok := p.Value().(cc.StringValue); ok {
				text = trimNul(string(sv))
			}
		}
	}
	return pe, text
}

func trimNul(s string) string {
	if n := len(s); n > 0 && s[n-1] == 0 {
		return s[:n-1]
	}
	return s
}

func (fl *fnLower) switchStmt(ss *cc.SelectionStatement) {
	endL := fl.newLabel()
	ctx := &switchCtx{cases: map[*cc.LabeledStatement]*label{}, depth: len(fl.scopes)}
	fl.guard(ss, func() {
		v := fl.rvalue(ss.ExpressionList)
		pt := fl.promote(v.Type())
		v = fl.convert(v, pt)
		tmp := fl.temp(pt)
		fl.assign(&ir.VarRef{V: tmp}, v)
		x := &ir.VarRef{V: tmp}
		for _, ls := range ss.LabeledStatements() {
			switch ls.Case {
			case cc.LabeledStatementCaseLabel:
				lb := fl.newLabel()
				ctx.cases[ls] = lb
				fl.jump(lb, &ir.Binary{Op: ir.Eq, X: x, Y: fl.constOf(ls.ConstantExpression, pt), T: fl.std().Int})
			case cc.LabeledStatementRange:
				lb := fl.newLabel()
				ctx.cases[ls] = lb
				lo := &ir.Binary{Op: ir.Ge, X: x, Y: fl.constOf(ls.ConstantExpression, pt), T: fl.std().Int}
				hi := &ir.Binary{Op: ir.Le, X: x, Y: fl.constOf(ls.ConstantExpression2, pt), T: fl.std().Int}
				fl.jump(lb, &ir.Binary{Op: ir.LAnd, X: lo, Y: hi, T: fl.std().Int})
			case cc.LabeledStatementDefault:
				ctx.def = fl.newLabel()
			}
		}
		if ctx.def != nil {
			fl.jump(ctx.def, nil)
		} else {
			fl.jump(endL, nil)
		}
	})
	saved, savedBreaks := fl.sw, fl.breaks
	fl.sw = ctx
	fl.breaks = append(fl.breaks, jumpTarget{endL, len(fl.scopes)})
	fl.stmt(ss.Statement)
	fl.sw, fl.breaks = saved, savedBreaks
	fl.place(endL)
}

// constOf evaluates a case label to a constant of type t.
func (fl *fnLower) constOf(e cc.ExpressionNode, t ir.Type) ir.Expr {
	c := fl.rvalue(e)
	return fl.convert(c, t)
}

func (fl *fnLower) iteration(is *cc.IterationStatement) {
	head, cont, exit := fl.newLabel(), fl.newLabel(), fl.newLabel()
	pos := fl.l.pos(is.Position())
	loopBody := func() {
		fl.breaks = append(fl.breaks, jumpTarget{exit, len(fl.scopes)})
		fl.conts = append(fl.conts, jumpTarget{cont, len(fl.scopes)})
		fl.stmt(is.Statement)
		fl.breaks = fl.breaks[:len(fl.breaks)-1]
		fl.conts = fl.conts[:len(fl.conts)-1]
	}
	switch is.Case {
	case cc.IterationStatementWhile:
		fl.place(head)
		fl.cur = pos
		fl.emit(&ir.Skip{At: fl.at()})
		fl.guard(is, func() { fl.jumpUnless(exit, fl.cond(is.ExpressionList)) })
		loopBody()
		fl.place(cont)
		fl.cur = pos
		fl.jump(head, nil)
	case cc.IterationStatementDo:
		fl.place(head)
		fl.cur = pos
		fl.emit(&ir.Skip{At: fl.at()})
		loopBody()
		fl.place(cont)
		fl.guard(is.ExpressionList, func() { fl.jump(head, fl.cond(is.ExpressionList)) })
	case cc.IterationStatementFor, cc.IterationStatementForDecl:
		if is.Case == cc.IterationStatementForDecl {
			fl.pushScope(is)
			fl.guard(is.Declaration, func() { fl.declared(fl.declaration(is.Declaration)) })
		} else if is.ExpressionList != nil {
			fl.guard(is.ExpressionList, func() { fl.effect(is.ExpressionList) })
		}
		// cc/v4 shifts the fields when the init part is a declaration:
		// ExpressionList is then the condition and ExpressionList2 the step.
		condN, stepN := is.ExpressionList2, is.ExpressionList3
		if is.Case == cc.IterationStatementForDecl {
			condN, stepN = is.ExpressionList, is.ExpressionList2
		}
		fl.place(head)
		fl.cur = pos
		fl.emit(&ir.Skip{At: fl.at()})
		if condN != nil {
			fl.guard(condN, func() { fl.jumpUnless(exit, fl.cond(condN)) })
		}
		loopBody()
		fl.place(cont)
		if stepN != nil {
			fl.guard(stepN, func() { fl.effect(stepN) })
		}
		fl.cur = pos
		fl.jump(head, nil)
		fl.place(exit)
		if is.Case == cc.IterationStatementForDecl {
			fl.popScope(pos)
		}
		return
	}
	fl.place(exit)
}

// jumpOut lowers a break or continue: a jump to the innermost of targets,
// leaving the scopes entered since; outside fails with msg.
func (fl *fnLower) jumpOut(js *cc.JumpStatement, targets []jumpTarget, msg string) {
	if len(targets) == 0 {
		fl.fail(js, "%s", msg)
	}
	t := targets[len(targets)-1]
	fl.leaveScopes(t.depth)
	fl.jump(t.lb, nil)
}

func (fl *fnLower) jumpStmt(js *cc.JumpStatement) {
	switch js.Case {
	case cc.JumpStatementGoto:
		fl.gotoLabel(js.Token2.SrcStr())
	case cc.JumpStatementGotoExpr:
		fl.fail(js, "computed goto")
	case cc.JumpStatementContinue:
		fl.jumpOut(js, fl.conts, "continue outside a loop")
	case cc.JumpStatementBreak:
		fl.jumpOut(js, fl.breaks, "break outside a loop or switch")
	case cc.JumpStatementReturn:
		var val ir.Expr
		if js.ExpressionList != nil {
			v := fl.rvalue(js.ExpressionList)
			if fl.retType == ir.Void {
				// `return f();` in a void function: keep the effect.
				val = nil
			} else {
				val = fl.convert(v, fl.retType)
				if !ir.IsScalar(val.Type()) && !isStableLvalue(val) {
					t := fl.temp(val.Type())
					fl.assign(&ir.VarRef{V: t}, val)
					val = &ir.VarRef{V: t}
				}
			}
		} else if fl.retType != ir.Void && fl.retType != nil {
			val = zeroOf(fl.retType)
		}
		fl.emit(&ir.Return{At: fl.at(), Value: val})
	}
}

// isStableLvalue: aggregates are returned by reading an lvalue.
func isStableLvalue(e ir.Expr) bool { return ir.IsLvalue(e) }
