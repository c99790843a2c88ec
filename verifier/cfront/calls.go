package cfront

import (
	"regexp"
	"strings"

	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

// calleeExpr is the expression a call calls, without the parentheses and
// the grammar's one-child postfix nodes around it.
func calleeExpr(pe *cc.PostfixExpression) cc.ExpressionNode {
	n := pe.PostfixExpression
	for {
		if p, ok := n.(*cc.PostfixExpression); ok && p.Case == cc.PostfixExpressionPrimary {
			n = p.PrimaryExpression
			continue
		}
		if p, ok := n.(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionExpr {
			n = p.ExpressionList
			continue
		}
		return n
	}
}

// calleeName is the name of a directly called function, or "".
func calleeName(pe *cc.PostfixExpression) string {
	x, ok := calleeExpr(pe).(*cc.PrimaryExpression)
	if !ok || x.Case != cc.PrimaryExpressionIdent {
		return ""
	}
	if d, ok := x.ResolvedTo().(*cc.Declarator); ok && d.Type().Kind() != cc.Function {
		return "" // a function pointer variable
	}
	return x.Token.SrcStr()
}

// builtinModels maps GCC built-ins to the C models in models/libc.c that
// implement them.
var builtinModels = map[string]string{
	"__builtin_bswap16": "__prbmc_bswap16", "__builtin_bswap32": "__prbmc_bswap32", "__builtin_bswap64": "__prbmc_bswap64",
	"__builtin_popcount": "__prbmc_popcount", "__builtin_popcountl": "__prbmc_popcountll", "__builtin_popcountll": "__prbmc_popcountll",
	"__builtin_abs": "abs", "__builtin_labs": "labs", "__builtin_llabs": "llabs",
	"__builtin_strlen": "strlen", "__builtin_strcmp": "strcmp", "__builtin_memcmp": "memcmp",
	"__builtin_fabs": "fabs", "__builtin_fabsf": "fabsf",
}

var funcNameDecl = regexp.MustCompile(`^\{staticconstchar__func__\[\]="[^"]*";`)

var builtinCalls = map[string]ir.Builtin{
	"malloc": ir.BMalloc, "__builtin_malloc": ir.BMalloc, "calloc": ir.BCalloc, "__builtin_calloc": ir.BCalloc,
	"alloca": ir.BAlloca, "__builtin_alloca": ir.BAlloca, "free": ir.BFree, "__builtin_free": ir.BFree,
	"memset": ir.BMemset, "__builtin_memset": ir.BMemset, "memcpy": ir.BMemcpy, "__builtin_memcpy": ir.BMemcpy,
	"memmove": ir.BMemmove, "__builtin_memmove": ir.BMemmove,
	"abort": ir.BAbort, "__builtin_abort": ir.BAbort, "__builtin_trap": ir.BAbort,
	"exit": ir.BExit, "_exit": ir.BExit, "_Exit": ir.BExit,
	"printf": ir.BPrintf, "__builtin_printf": ir.BPrintf, "putchar": ir.BPutchar, "puts": ir.BPuts,
	"__prbmc_size_after": ir.BSizeAfter,
}

// directCall reports whether pe calls a function we can call into an
// lvalue directly (not a builtin with special lowering).
func (fl *fnLower) directCall(pe *cc.PostfixExpression) bool {
	name := calleeName(pe)
	if name == "" {
		return false
	}
	if _, ok := builtinCalls[name]; ok {
		return false
	}
	switch {
	case strings.HasPrefix(name, "__VERIFIER_"), strings.HasPrefix(name, "__builtin_"),
		name == "reach_error", name == "__assert_fail", name == "assert", name == "prbmc_requires":
		return false
	}
	return true
}

func (fl *fnLower) args(pe *cc.PostfixExpression) []cc.ExpressionNode {
	var out []cc.ExpressionNode
	for l := pe.ArgumentExpressionList; l != nil; l = l.ArgumentExpressionList {
		out = append(out, l.AssignmentExpression)
	}
	return out
}

// call lowers a call; with want it returns the result (a temporary).
func (fl *fnLower) call(pe *cc.PostfixExpression, want bool) ir.Expr {
	name := calleeName(pe)
	args := fl.args(pe)
	rt := fl.irType(pe, pe.Type())
	if name == "" {
		return fl.indirectCall(pe, want)
	}
	if e, ok := fl.specialCall(pe, name, args, rt); ok {
		return e
	}
	if !want {
		fl.callInto(pe, nil)
		return nil
	}
	if _, ok := rt.(ir.VoidType); ok {
		fl.callInto(pe, nil)
		return nil
	}
	t := fl.temp(rt)
	fl.callInto(pe, &ir.VarRef{V: t})
	return &ir.VarRef{V: t}
}

// callInto emits a call of a named function storing its result in res.
func (fl *fnLower) callInto(pe *cc.PostfixExpression, res ir.Expr) {
	name := calleeName(pe)
	argNodes := fl.args(pe)
	if b, ok := builtinCalls[name]; ok && fl.l.extFuncs[name] != nil && !fl.definedByUser(name) {
		fl.builtinCall(pe, b, argNodes, res)
		return
	}
	f := fl.funcNamed(pe, name)
	ft := f.Type
	args := fl.callArgs(argNodes, ft)
	if len(args) < len(ft.Params) {
		fl.fail(pe, "call of %s with %d arguments, it takes %d", name, len(args), len(ft.Params))
	}
	if res != nil {
		if _, ok := ft.Result.(ir.VoidType); ok {
			fl.fail(pe, "use of the value of void function %s", name)
		}
	}
	fl.emit(&ir.Call{At: fl.at(), Result: res, Fn: f, Args: args})
}

// callArgs lowers a call's arguments, in order, for a function of type
// ft: each converted to its parameter's type, the default promotions past
// the last parameter. Aggregates are passed as they are (the call copies
// them).
func (fl *fnLower) callArgs(nodes []cc.ExpressionNode, ft *ir.FuncType) []ir.Expr {
	var args []ir.Expr
	for i, a := range nodes {
		v := fl.rvalue(a)
		if v == nil {
			fl.fail(a, "void argument")
		}
		if i < len(ft.Params) {
			v = fl.convert(v, ft.Params[i])
		} else {
			v = fl.defaultPromote(v)
		}
		args = append(args, v)
	}
	return args
}

func (fl *fnLower) definedByUser(name string) bool {
	f := fl.l.extFuncs[name]
	return f != nil && (f.Body != nil || fl.l.hasPendingBody(f))
}

// funcNamed finds the IR function a call names (declaring implicit ones).
func (fl *fnLower) funcNamed(pe *cc.PostfixExpression, name string) *ir.Function {
	if p, ok := calleeExpr(pe).(*cc.PrimaryExpression); ok {
		if d, ok := p.ResolvedTo().(*cc.Declarator); ok {
			f := fl.l.funcFor(fl.unit, d, false)
			if d.IsSynthetic() && f.Body == nil && !fl.l.hasPendingBody(f) && !f.Implicit && !f.Pos.IsValid() {
				// cc/v4's declarator of a function called undeclared.
				f.Implicit, f.Pos = true, fl.cur
			}
			return f
		}
	}
	if f := fl.l.extFuncs[name]; f != nil {
		return f
	}
	// An implicitly declared function: int name().
	f := &ir.Function{Name: name, Type: &ir.FuncType{Result: fl.std().Int, Variadic: true}, Implicit: true, Pos: fl.cur}
	fl.l.prog.AddFunc(f)
	fl.l.extFuncs[name] = f
	return f
}

// defaultPromote applies the default argument promotions (variadic and
// unprototyped calls).
func (fl *fnLower) defaultPromote(v ir.Expr) ir.Expr {
	switch t := v.Type().(type) {
	case *ir.FloatType:
		if t.Bits == 32 {
			return fl.convert(v, fl.std().Double)
		}
		if t.IsLong() {
			// printf's %Lf and va_arg of long double are not modelled.
			fl.fail(nil, "long double passed through ...")
		}
	case *ir.IntType:
		if t.Kind == ir.BitInt {
			// gcc passes a wide bit-field's value in the 64-bit type
			// of its signedness.
			return fl.convert(v, fl.normInt(64, t.Signed))
		}
		return fl.convert(v, fl.promote(t))
	}
	return v
}

func (fl *fnLower) builtinCall(pe *cc.PostfixExpression, b ir.Builtin, argNodes []cc.ExpressionNode, res ir.Expr) {
	var args []ir.Expr
	st := fl.std()
	for i, a := range argNodes {
		v := fl.rvalue(a)
		if v == nil {
			fl.fail(a, "void argument")
		}
		switch b {
		case ir.BMalloc, ir.BAlloca:
			v = fl.convert(v, st.SizeT)
		case ir.BCalloc:
			v = fl.convert(v, st.SizeT)
		case ir.BMemset:
			switch i {
			case 0:
				v = fl.convert(v, st.VoidPtr)
			case 1:
				v = fl.convert(v, st.Int)
			default:
				v = fl.convert(v, st.SizeT)
			}
		case ir.BMemcpy, ir.BMemmove:
			if i < 2 {
				v = fl.convert(v, st.VoidPtr)
			} else {
				v = fl.convert(v, st.SizeT)
			}
		case ir.BFree, ir.BSizeAfter:
			v = fl.convert(v, st.VoidPtr)
		case ir.BExit, ir.BPutchar:
			v = fl.convert(v, st.Int)
		case ir.BPuts:
			v = fl.convert(v, st.CharPtr)
		case ir.BPrintf:
			if i == 0 {
				v = fl.convert(v, st.CharPtr)
			} else {
				v = fl.defaultPromote(v)
			}
		}
		args = append(args, v)
	}
	want := map[ir.Builtin]int{ir.BMalloc: 1, ir.BAlloca: 1, ir.BCalloc: 2, ir.BFree: 1, ir.BMemset: 3, ir.BMemcpy: 3,
		ir.BMemmove: 3, ir.BAbort: 0, ir.BExit: 1, ir.BPutchar: 1, ir.BPuts: 1, ir.BSizeAfter: 1}
	if n, ok := want[b]; ok && len(args) != n {
		fl.fail(pe, "call of %s with %d arguments", b, len(args))
	}
	if b == ir.BPrintf && len(args) == 0 {
		fl.fail(pe, "printf without a format")
	}
	if res != nil {
		// The builtins' results have fixed types; convert into res.
		var rt ir.Type
		switch b {
		case ir.BMalloc, ir.BCalloc, ir.BAlloca, ir.BMemset, ir.BMemcpy, ir.BMemmove:
			rt = st.VoidPtr
		case ir.BPrintf, ir.BPutchar, ir.BPuts:
			rt = st.Int
		case ir.BSizeAfter:
			rt = st.SizeT
		}
		if rt != nil && !ir.SameType(rt, res.Type()) {
			t := fl.temp(rt)
			fl.emit(&ir.Call{At: fl.at(), Result: &ir.VarRef{V: t}, Builtin: b, Args: args})
			fl.assign(res, fl.convert(&ir.VarRef{V: t}, res.Type()))
			return
		}
	}
	fl.emit(&ir.Call{At: fl.at(), Result: res, Builtin: b, Args: args})
}

// specialCall lowers the verification built-ins and a few GNU built-ins.
func (fl *fnLower) specialCall(pe *cc.PostfixExpression, name string, args []cc.ExpressionNode, rt ir.Type) (ir.Expr, bool) {
	switch {
	case strings.HasPrefix(name, "__VERIFIER_nondet_") && !fl.definedByUser(name):
		if _, ok := rt.(ir.VoidType); ok {
			fl.fail(pe, "%s returns void", name)
		}
		for _, a := range args {
			fl.effect(a)
		}
		t := fl.temp(rt)
		fl.assign(&ir.VarRef{V: t}, &ir.Nondet{T: rt, Name: name})
		return &ir.VarRef{V: t}, true
	case (name == "__VERIFIER_assume" || name == "assume" || name == "__CPROVER_assume" || name == "__ESBMC_assume") && !fl.definedByUser(name):
		// A precondition, as harness users write them: assume(n <= 8).
		if len(args) != 1 {
			fl.fail(pe, "%s takes one argument", name)
		}
		fl.emit(&ir.Assume{At: fl.at(), Cond: fl.truth(fl.rvalue(args[0]))})
		return nil, true
	case name == "prbmc_requires" && !fl.definedByUser(name):
		// A precondition: assumed when the function is the one checked,
		// checked at every call from a function being checked (the
		// harness turns the entry's own into assumptions).
		if len(args) != 1 {
			fl.fail(pe, "%s takes one argument", name)
		}
		c := fl.truth(fl.rvalue(args[0]))
		fl.emit(&ir.Assert{At: fl.at(), Cond: c, Prop: fl.l.newProp(fl.f.Name, ir.PropPrecondition, sourceText(args[0]), fl.cur)})
		return nil, true
	case (name == "__VERIFIER_assert" || name == "assert") && len(args) == 1 && fl.isStandardAssert(name):
		c := fl.truth(fl.rvalue(args[0]))
		fl.emit(&ir.Assert{At: fl.at(), Cond: c, Prop: fl.l.newProp(fl.f.Name, ir.PropAssertion, sourceText(args[0]), fl.cur)})
		return nil, true
	case name == "reach_error" || name == "__VERIFIER_error":
		for _, a := range args {
			fl.effect(a)
		}
		fl.emit(&ir.Assert{At: fl.at(), Cond: fl.intConst(0), Prop: fl.l.newProp(fl.f.Name, ir.PropReachError, name+"()", fl.cur)})
		return nil, true
	case name == "__assert_fail" || name == "__assert" || name == "__assert_perror_fail":
		text := "assertion"
		if _, t := assertFailCall(&cc.Statement{Case: cc.StatementExpr, ExpressionStatement: &cc.ExpressionStatement{ExpressionList: pe}}); t != "" {
			text = t
		}
		fl.emit(&ir.Assert{At: fl.at(), Cond: fl.intConst(0), Prop: fl.l.newProp(fl.f.Name, ir.PropAssertion, text, fl.cur)})
		return nil, true
	case name == "__prbmc_havoc" && !fl.definedByUser(name):
		// __prbmc_havoc(p, n): harnesses give a whole object nondet
		// contents; n (its size) is for reproducers compiled with cc.
		if len(args) != 2 {
			fl.fail(pe, "__prbmc_havoc takes a pointer and a size")
		}
		p := fl.convert(fl.rvalue(args[0]), fl.std().VoidPtr)
		fl.effect(args[1])
		fl.emit(&ir.Call{At: fl.at(), Builtin: ir.BHavoc, Args: []ir.Expr{p}})
		return nil, true
	case name == "__prbmc_setup":
		// __prbmc_setup(1) ... __prbmc_setup(0): a harness's set-up
		// calls, whose assertions are assumed (ir.BSetup). The harness
		// defines it as a no-op, for reproducers compiled with cc.
		if len(args) != 1 {
			fl.fail(pe, "__prbmc_setup takes one argument")
		}
		on := fl.convert(fl.rvalue(args[0]), fl.std().Int)
		fl.emit(&ir.Call{At: fl.at(), Builtin: ir.BSetup, Args: []ir.Expr{on}})
		return nil, true
	case name == "__prbmc_fnptr_unknown":
		// __prbmc_fnptr_unknown(&fp): a harness leaves function pointer fp
		// unknown; a call through it is unsupported where reached.
		if len(args) != 1 {
			fl.fail(pe, "__prbmc_fnptr_unknown takes a pointer")
		}
		u := fl.l.unknownFunc()
		ft := fl.ptrTo(u.Type)
		p := fl.convert(fl.rvalue(args[0]), fl.ptrTo(ft))
		fl.assign(&ir.Deref{P: p, T: ft}, fl.funcAddr(u))
		return nil, true
	case name == "__prbmc_fnptr_any":
		// __prbmc_fnptr_any(&fp): a harness lets function pointer fp point
		// to any function of its type whose address the program takes.
		if len(args) != 1 {
			fl.fail(pe, "__prbmc_fnptr_any takes a pointer")
		}
		p := fl.rvalue(args[0])
		pp, ok := p.Type().(*ir.PointerType)
		var fpt *ir.PointerType
		if ok {
			fpt, _ = pp.Elem.(*ir.PointerType)
		}
		if fpt == nil {
			fl.fail(pe, "__prbmc_fnptr_any takes the address of a function pointer")
		}
		ft, ok := fpt.Elem.(*ir.FuncType)
		if !ok {
			fl.fail(pe, "__prbmc_fnptr_any takes the address of a function pointer")
		}
		u := &ir.Unsupported{At: fl.at(), Construct: "choice of a function pointer"}
		fl.emit(u)
		fl.l.anyFuncs = append(fl.l.anyFuncs, &pendingAny{f: fl.f, at: u, dst: &ir.Deref{P: p, T: fpt}, ft: ft,
			what: strings.TrimPrefix(sourceText(args[0]), "&")})
		return nil, true
	case name == "__builtin_expect" || name == "__builtin_expect_with_probability":
		if len(args) < 1 {
			fl.fail(pe, "%s without arguments", name)
		}
		v := fl.rvalue(args[0])
		for _, a := range args[1:] {
			fl.effect(a)
		}
		return fl.convert(v, rt), true
	case name == "__builtin_unreachable":
		fl.emit(&ir.Assume{At: fl.at(), Cond: fl.intConst(0)})
		return nil, true
	case name == "__VERIFIER_atomic_begin" || name == "__VERIFIER_atomic_end":
		return nil, true
	case name == "__builtin_constant_p":
		return fl.intConst(0), true
	}
	if b, ok := builtinCalls[name]; ok && !fl.definedByUser(name) {
		if _, isVoid := rt.(ir.VoidType); isVoid || b == ir.BFree || b == ir.BAbort || b == ir.BExit {
			fl.builtinCall(pe, b, args, nil)
			return nil, true
		}
		t := fl.temp(rt)
		fl.builtinCall(pe, b, args, &ir.VarRef{V: t})
		return &ir.VarRef{V: t}, true
	}
	if model, ok := builtinModels[name]; ok {
		if f := fl.l.extFuncs[model]; f != nil && fl.definedByUser(model) {
			var args2 []ir.Expr
			for i, a := range args {
				v := fl.rvalue(a)
				if i < len(f.Type.Params) {
					v = fl.convert(v, f.Type.Params[i])
				}
				args2 = append(args2, v)
			}
			if _, isVoid := f.Type.Result.(ir.VoidType); isVoid {
				fl.emit(&ir.Call{At: fl.at(), Fn: f, Args: args2})
				return nil, true
			}
			t := fl.temp(f.Type.Result)
			fl.emit(&ir.Call{At: fl.at(), Result: &ir.VarRef{V: t}, Fn: f, Args: args2})
			return fl.convert(&ir.VarRef{V: t}, rt), true
		}
	}
	if e, ok := fl.moreBuiltins(pe, name, args, rt); ok { // builtins_va.go
		return e, true
	}
	if strings.HasPrefix(name, "__builtin_") {
		plain := strings.TrimPrefix(name, "__builtin_")
		if libcProvides[plain] {
			fl.fail(pe, "%s: use %s", name, plain)
		}
		fl.fail(pe, "GCC built-in %s", name)
	}
	return nil, false
}

// isStandardAssert: __VERIFIER_assert and a function called assert are the
// assertion built-ins unless the program defines them itself. SV-COMP's
// definition, `if (!(cond)) { ERROR: {reach_error(); abort();} }`, means
// exactly an assertion (a failed ir.Assert ends the execution), so a body of
// that shape — and only that shape — is lowered as one; any other body is
// called like an ordinary function.
func (fl *fnLower) isStandardAssert(name string) bool {
	if !fl.definedByUser(name) {
		return true
	}
	for _, b := range fl.l.bodies {
		if b.fn.Name != name {
			continue
		}
		params := collectParams(b.def)
		if len(params) != 1 {
			return false
		}
		var param string
		for p := range params {
			param = p
		}
		body := strings.Join(strings.Fields(cc.NodeSource(b.def.CompoundStatement)), "")
		re := regexp.MustCompile(`^\{if\(!\(?` + regexp.QuoteMeta(param) +
			`\)?\)\{?(ERROR:)?\{?(reach_error|__VERIFIER_error)\(\);(abort\(\);)?\}?\}?(return;)?\}$`)
		// cc/v4 starts every body with a synthetic __func__ definition.
		body = funcNameDecl.ReplaceAllString(body, "{")
		return re.MatchString(body)
	}
	return false
}
