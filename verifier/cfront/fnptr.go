package cfront

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Function pointers, in the spirit of CBMC's remove_function_pointers.
//
// A function designator in value position is an ir.FuncAddr. A call
// through a pointer is lowered in two steps: while the function is lowered
// the pointer, the converted arguments and the result temporary are
// recorded and a placeholder (an ir.Unsupported) is emitted; once every
// body is lowered, and so every function whose address the program takes
// is known, each placeholder becomes a dispatch
//
//	if (p != &f1) goto L2; r = f1(args); goto End;
//	L2: if (p != &f2) goto L3; r = f2(args); goto End;
//	L3: assert(0) — a PropFuncPointer property: p is none of f1, f2
//	End:
//
// over the address-taken functions whose type fits the call. Engines and
// the interpreter never see an indirect call. A placeholder whose call has
// no candidate at all stays an ir.Unsupported: unknown where reached.

// pendingIndirect is a call through a function pointer awaiting its
// dispatch.
type pendingIndirect struct {
	f      *ir.Function
	at     *ir.Unsupported // the placeholder in f.Body
	ptr    ir.Expr         // the pointer (a temporary), or an ir.FuncAddr
	ft     *ir.FuncType    // the call's type, from the pointer
	args   []ir.Expr       // converted to ft's parameters (promoted beyond them)
	res    ir.Expr         // the result temporary, or nil
	callee string          // the called expression as written
}

// funcDesignator is the IR function a declarator of function type names.
func (fl *fnLower) funcDesignator(n cc.Node, d *cc.Declarator) *ir.Function {
	if f, ok := fl.l.declFuncs[d]; ok {
		return f
	}
	if fl.unit == nil && d.Linkage() != cc.External {
		fl.fail(n, "address of function %s in an initialiser", d.Name())
	}
	return fl.l.funcFor(fl.unit, d, false)
}

// funcAddr is &f.
func (fl *fnLower) funcAddr(f *ir.Function) *ir.FuncAddr {
	return &ir.FuncAddr{F: f, T: fl.ptrTo(f.Type)}
}

// indirectCall lowers a call whose callee is not a function's name: a
// pointer (fp(x), s.hook(x), (*fp)(x)) or a designator in disguise
// ((*f)(x), (&f)(x)).
func (fl *fnLower) indirectCall(pe *cc.PostfixExpression, want bool) ir.Expr {
	p := fl.rvalue(pe.PostfixExpression)
	if p == nil {
		fl.fail(pe, "call of a void value")
	}
	pt, ok := p.Type().(*ir.PointerType)
	if !ok {
		fl.fail(pe, "call of a value of type %s", p.Type())
	}
	ft, ok := pt.Elem.(*ir.FuncType)
	if !ok {
		fl.fail(pe, "call through a pointer to %s", pt.Elem)
	}
	if _, isConst := p.(*ir.FuncAddr); !isConst {
		// The arguments may change what the pointer expression reads.
		t := fl.temp(p.Type())
		fl.assign(&ir.VarRef{V: t}, p)
		p = &ir.VarRef{V: t}
	}
	args := fl.callArgs(fl.args(pe), ft)
	if len(args) < len(ft.Params) {
		fl.fail(pe, "call through a pointer with %d arguments, its type takes %d", len(args), len(ft.Params))
	}
	var res ir.Expr
	if _, isVoid := ft.Result.(ir.VoidType); want && !isVoid {
		res = &ir.VarRef{V: fl.temp(ft.Result)}
	}
	u := &ir.Unsupported{At: fl.at(), Construct: "call through a function pointer"}
	fl.emit(u)
	fl.l.indirect = append(fl.l.indirect, &pendingIndirect{f: fl.f, at: u, ptr: p, ft: ft, args: args, res: res, callee: sourceText(pe.PostfixExpression)})
	if res == nil {
		return nil
	}
	return res
}

// sameShape says whether a value of type a can be passed where b is
// expected by a call through a pointer of a slightly different type: any
// two pointers, integers of one width, floats of one width, the same
// struct. It is deliberately generous (C calls through an incompatible
// pointer type are undefined, but common): a candidate too many costs a
// branch, a candidate too few would report a correct call as invalid.
func sameShape(a, b ir.Type) bool {
	switch a := a.(type) {
	case *ir.IntType:
		b, ok := b.(*ir.IntType)
		return ok && a.Bits == b.Bits
	case *ir.FloatType:
		b, ok := b.(*ir.FloatType)
		return ok && a.Bits == b.Bits
	case *ir.PointerType:
		_, ok := b.(*ir.PointerType)
		return ok
	case *ir.StructType:
		return ir.SameType(a, b)
	}
	return false
}

// unknownFuncName is the function a harness's unknown function pointers
// point to (__prbmc_fnptr_unknown): every call through a pointer may
// reach it, and reaching it is unsupported.
const unknownFuncName = "$unknown_function"

func (l *linker) unknownFunc() *ir.Function {
	if f := l.prog.Func(unknownFuncName); f != nil {
		return f
	}
	f := &ir.Function{Name: unknownFuncName, Type: &ir.FuncType{Result: ir.Void, Variadic: true}, Library: true}
	l.prog.AddFunc(f)
	return f
}

// fits says whether function c can be the target of call pc.
func (pc *pendingIndirect) fits(c *ir.Function) bool {
	if c.Name == unknownFuncName {
		return true
	}
	ct := c.Type
	if ct.Variadic {
		if !pc.ft.Variadic || len(ct.Params) != len(pc.ft.Params) {
			return false
		}
	} else if len(ct.Params) != len(pc.args) {
		return false
	}
	for i, t := range ct.Params {
		if !sameShape(pc.args[i].Type(), t) {
			return false
		}
	}
	if pc.res != nil {
		if _, isVoid := ct.Result.(ir.VoidType); isVoid || !sameShape(pc.res.Type(), ct.Result) {
			return false
		}
	}
	return true
}

// builtinArity is the number of arguments of the builtins a function
// pointer can name (printf and alloca are left out: their dispatch branch
// is unsupported).
var builtinArity = map[ir.Builtin]int{ir.BMalloc: 1, ir.BCalloc: 2, ir.BFree: 1, ir.BMemset: 3, ir.BMemcpy: 3,
	ir.BMemmove: 3, ir.BAbort: 0, ir.BExit: 1, ir.BPutchar: 1, ir.BPuts: 1}

// castTo converts a value of the same shape to t.
func castTo(e ir.Expr, t ir.Type) ir.Expr {
	if ir.SameType(e.Type(), t) || !ir.IsScalar(t) {
		return e
	}
	if c, ok := e.(*ir.Const); ok {
		if it, ok := t.(*ir.IntType); ok {
			return &ir.Const{T: t, Bits: c.Bits & it.Mask()}
		}
	}
	return &ir.Cast{X: e, T: t}
}

// pendingAny is a harness's function pointer that may point to any
// function of its type whose address the program takes
// (__prbmc_fnptr_any): a caller can only pass a function it can name,
// and the program's own address-taken functions are those a caller of
// this code passes, as far as the code shows.
type pendingAny struct {
	f    *ir.Function
	at   *ir.Unsupported // the placeholder in f.Body
	dst  ir.Expr         // the function pointer (an lvalue)
	ft   *ir.FuncType
	what string // the pointer as written
}

// fitsType says whether function c can be called through a pointer of
// type ft (as pendingIndirect.fits does for one call).
func fitsType(ft *ir.FuncType, c *ir.Function) bool {
	ct := c.Type
	if c.Name == unknownFuncName || ct.Variadic != ft.Variadic || len(ct.Params) != len(ft.Params) {
		return false
	}
	for i, t := range ct.Params {
		if !sameShape(ft.Params[i], t) {
			return false
		}
	}
	_, rv := ft.Result.(ir.VoidType)
	_, cv := ct.Result.(ir.VoidType)
	return rv == cv && (rv || sameShape(ft.Result, ct.Result))
}

// choose is the code replacing pa's placeholder, which starts at
// instruction base: a nondeterministic choice among the candidates, or
// the unknown function when there is none.
func (l *linker) choose(pa *pendingAny, taken []*ir.Function, base int) []ir.Instr {
	at := pa.at.At
	var cands []*ir.Function
	for _, c := range taken {
		if fitsType(pa.ft, c) {
			cands = append(cands, c)
		}
	}
	addr := func(c *ir.Function) ir.Expr {
		return &ir.FuncAddr{F: c, T: &ir.PointerType{Elem: c.Type, Bytes: l.std.Model.PointerBytes()}}
	}
	set := func(c *ir.Function) ir.Instr {
		return &ir.Assign{At: at, Lhs: pa.dst, Rhs: castTo(addr(c), pa.dst.Type())}
	}
	if len(cands) == 0 {
		return []ir.Instr{set(l.unknownFunc())}
	}
	if len(cands) == 1 {
		return []ir.Instr{set(cands[0])}
	}
	sel := l.fnTemp(pa.f, l.std.Int, at.P)
	out := []ir.Instr{&ir.Assign{At: at, Lhs: &ir.VarRef{V: sel}, Rhs: &ir.Nondet{T: l.std.Int, Name: "function " + pa.what + " points to"}}}
	var toEnd []*ir.Goto
	for i, c := range cands[:len(cands)-1] {
		skip := &ir.Goto{At: at, Cond: &ir.Binary{Op: ir.Ne, X: &ir.VarRef{V: sel}, Y: &ir.Const{T: l.std.Int, Bits: uint64(i)}, T: l.std.Int}}
		out = append(out, skip, set(c))
		g := &ir.Goto{At: at}
		toEnd = append(toEnd, g)
		out = append(out, g)
		skip.Target = base + len(out)
	}
	out = append(out, set(cands[len(cands)-1]), &ir.Skip{At: at})
	for _, g := range toEnd {
		g.Target = base + len(out) - 1
	}
	return out
}

// expandIndirect replaces every placeholder by its dispatch or choice.
func (l *linker) expandIndirect() {
	if len(l.indirect) == 0 && len(l.anyFuncs) == 0 {
		return
	}
	taken := ir.AddressTakenFuncs(l.prog)
	type pending struct {
		pc *pendingIndirect
		pa *pendingAny
	}
	byFn := map[*ir.Function][]pending{}
	var order []*ir.Function
	for _, pc := range l.indirect {
		if byFn[pc.f] == nil {
			order = append(order, pc.f)
		}
		byFn[pc.f] = append(byFn[pc.f], pending{pc: pc})
	}
	for _, pa := range l.anyFuncs {
		if byFn[pa.f] == nil {
			order = append(order, pa.f)
		}
		byFn[pa.f] = append(byFn[pa.f], pending{pa: pa})
	}
	for _, f := range order {
		at := map[ir.Instr]pending{}
		for _, p := range byFn[f] {
			if p.pc != nil {
				at[p.pc.at] = p
			} else {
				at[p.pa.at] = p
			}
		}
		old := f.Body
		newIdx := make([]int, len(old)+1)
		var body []ir.Instr
		for i, in := range old {
			newIdx[i] = len(body)
			if p, ok := at[in]; ok {
				if p.pc != nil {
					body = append(body, l.dispatch(p.pc, taken, len(body))...)
				} else {
					body = append(body, l.choose(p.pa, taken, len(body))...)
				}
				continue
			}
			body = append(body, in)
		}
		newIdx[len(old)] = len(body)
		for _, in := range old {
			if _, pending := at[in]; pending {
				continue
			}
			if g, ok := in.(*ir.Goto); ok && g.Target >= 0 && g.Target <= len(old) {
				g.Target = newIdx[g.Target]
			}
		}
		f.Body = body
	}
	l.indirect, l.anyFuncs = nil, nil
}

// dispatch is the code replacing pc's placeholder, which starts at
// instruction base.
func (l *linker) dispatch(pc *pendingIndirect, taken []*ir.Function, base int) []ir.Instr {
	at := pc.at.At
	var cands []*ir.Function
	if fa, ok := pc.ptr.(*ir.FuncAddr); ok {
		cands = []*ir.Function{fa.F}
	} else {
		for _, c := range taken {
			if pc.fits(c) {
				cands = append(cands, c)
			}
		}
	}
	if len(cands) == 0 {
		what := fmt.Sprintf("call through %s: no function of type %s has its address taken", pc.callee, pc.ft)
		l.curFn = pc.f.Name
		l.unsupported(at.P, what)
		l.curFn = ""
		return []ir.Instr{&ir.Unsupported{At: at, Construct: what}}
	}
	var out []ir.Instr
	var toEnd []*ir.Goto
	_, direct := pc.ptr.(*ir.FuncAddr)
	for _, c := range cands {
		var skip *ir.Goto
		if !direct {
			skip = &ir.Goto{At: at, Cond: &ir.Binary{Op: ir.Ne, X: pc.ptr, Y: &ir.FuncAddr{F: c, T: &ir.PointerType{Elem: c.Type, Bytes: l.std.Model.PointerBytes()}}, T: l.std.Int}}
			out = append(out, skip)
		}
		out = append(out, l.callOf(pc, c)...)
		if !direct {
			g := &ir.Goto{At: at}
			toEnd = append(toEnd, g)
			out = append(out, g)
			skip.Target = base + len(out)
		}
	}
	if !direct {
		names := make([]string, 0, len(cands))
		for _, c := range cands {
			names = append(names, c.Name)
		}
		if len(names) > 8 {
			names = append(names[:8], fmt.Sprintf("… (%d more)", len(cands)-8))
		}
		text := fmt.Sprintf("%s points to %s", pc.callee, strings.Join(names, ", "))
		if len(cands) > 1 {
			text = fmt.Sprintf("%s points to one of %s", pc.callee, strings.Join(names, ", "))
		}
		prop := l.newProp(pc.f.Name, ir.PropFuncPointer, text, at.P)
		out = append(out, &ir.Assert{At: at, Cond: &ir.Const{T: l.std.Int}, Prop: prop})
	}
	out = append(out, &ir.Skip{At: at})
	for _, g := range toEnd {
		g.Target = base + len(out) - 1
	}
	return out
}

// callOf calls candidate c with pc's arguments and result.
func (l *linker) callOf(pc *pendingIndirect, c *ir.Function) []ir.Instr {
	at := pc.at.At
	ct := c.Type
	args := make([]ir.Expr, len(pc.args))
	for i, a := range pc.args {
		if i < len(ct.Params) {
			a = castTo(a, ct.Params[i])
		}
		args[i] = a
	}
	if c.Name == unknownFuncName {
		return []ir.Instr{&ir.Unsupported{At: at, Construct: fmt.Sprintf("call through %s, a function pointer the harness leaves unknown", pc.callee)}}
	}
	call := &ir.Call{At: at, Fn: c, Args: args}
	if b, ok := builtinCalls[c.Name]; ok && c.Body == nil {
		n, ok := builtinArity[b]
		if !ok || len(ct.Params) != n || ct.Variadic {
			what := fmt.Sprintf("call of %s through a function pointer", c.Name)
			l.curFn = pc.f.Name
			l.unsupported(at.P, what)
			l.curFn = ""
			return []ir.Instr{&ir.Unsupported{At: at, Construct: what}}
		}
		call.Fn, call.Builtin = nil, b
	}
	if pc.res == nil {
		return []ir.Instr{call}
	}
	if ir.SameType(pc.res.Type(), ct.Result) {
		call.Result = pc.res
		return []ir.Instr{call}
	}
	t := l.fnTemp(pc.f, ct.Result, at.P)
	call.Result = &ir.VarRef{V: t}
	return []ir.Instr{call, &ir.Assign{At: at, Lhs: pc.res, Rhs: castTo(&ir.VarRef{V: t}, pc.res.Type())}}
}

// fnTemp adds a temporary to f after its body was lowered.
func (l *linker) fnTemp(f *ir.Function, t ir.Type, p ir.Pos) *ir.Var {
	n := 0
	for _, v := range f.Locals {
		if v.Source == "$fp" {
			n++
		}
	}
	name := "$fp"
	if n > 0 {
		name = fmt.Sprintf("$fp.%d", n)
	}
	v := &ir.Var{Name: name, Source: "$fp", Type: t, Kind: ir.Temp, Pos: p, Func: f, ID: len(f.Locals)}
	f.Locals = append(f.Locals, v)
	return v
}
