package harness

import (
	"fmt"
	"sort"
	"strings"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Stub gives every function without a body that the entries can reach a
// body that returns any value and gives the memory its non-const pointer
// arguments reach any contents. It changes p in place and returns, for
// each entry, what the stubs it reaches assume (one line per function,
// sorted). Functions whose calls cannot be stubbed soundly (a pointer
// passed through "...", a function pointer result) keep no body: reaching
// them stays "unknown".
func Stub(p *ir.Program, entries ...string) map[string][]string {
	std := ir.StdTypes(p.DataModel)
	calls := map[*ir.Function][]*ir.Call{}
	uses := map[string][]*ir.Function{}
	for _, entry := range entries {
		f := p.Func(entry)
		if f == nil {
			continue
		}
		seen := map[*ir.Function]bool{f: true}
		work := []*ir.Function{f}
		for len(work) > 0 {
			g := work[0]
			work = work[1:]
			for _, in := range g.Body {
				c, ok := in.(*ir.Call)
				if !ok || c.Fn == nil {
					continue
				}
				if !c.Fn.HasBody() && !c.Fn.Implicit && c.Fn.Type.Variadic && pointerVarargs(c) {
					c.Fn = siteFunc(p, c)
				}
				if !c.Fn.HasBody() {
					calls[c.Fn] = append(calls[c.Fn], c)
				}
				if !seen[c.Fn] {
					seen[c.Fn] = true
					if c.Fn.HasBody() {
						work = append(work, c.Fn)
					} else {
						uses[entry] = append(uses[entry], c.Fn)
					}
				}
			}
		}
	}
	said := map[*ir.Function]string{}
	for callee, cs := range calls {
		if callee.Implicit {
			prototype(p, callee)
		}
		if unstubbable(callee, cs) == "" {
			said[callee] = stub(callee, std)
		}
	}
	out := map[string][]string{}
	for entry, fs := range uses {
		var a []string
		for _, f := range fs {
			if s, ok := said[f]; ok {
				a = append(a, s)
			}
		}
		sort.Strings(a)
		out[entry] = a
	}
	return out
}

// prototype gives an implicitly declared function (C89: int f(), called
// with its arguments promoted) the parameters its calls pass, when they
// all pass the same types (otherwise its pointer arguments keep it from
// being stubbed): the stub can then give what its pointer
// arguments point to any contents, as for a declared function.
func prototype(p *ir.Program, f *ir.Function) {
	if len(f.Type.Params) > 0 {
		return
	}
	// Every call in the program, reachable or not, so that the IR stays
	// well typed.
	var cs []*ir.Call
	for _, g := range append([]*ir.Function{p.Init}, p.Funcs...) {
		if g == nil {
			continue
		}
		for _, in := range g.Body {
			if c, ok := in.(*ir.Call); ok && c.Fn == f {
				cs = append(cs, c)
			}
		}
	}
	if len(cs) == 0 {
		return
	}
	var params []ir.Type
	for _, a := range cs[0].Args {
		params = append(params, a.Type())
	}
	for _, c := range cs[1:] {
		if len(c.Args) != len(params) {
			return
		}
		for i, a := range c.Args {
			if !ir.SameType(a.Type(), params[i]) {
				return
			}
		}
	}
	f.Type = &ir.FuncType{Result: f.Type.Result, Params: params}
}

// pointerVarargs says whether call c passes a pointer through "...".
func pointerVarargs(c *ir.Call) bool {
	for i, a := range c.Args {
		if i < len(c.Fn.Type.Params) {
			continue
		}
		if _, ok := a.Type().(*ir.PointerType); ok {
			return true
		}
	}
	return false
}

// siteFunc gives one call of a variadic function without a body, which
// passes pointers through "..." (sscanf(s, "%d", &n)), a function of its
// own whose parameters are the arguments of that call: its stub can then
// give what they point to any contents, as the real function may write
// through them. The site function shares the callee's C name (after a
// '.'), so reports name the callee.
func siteFunc(p *ir.Program, c *ir.Call) *ir.Function {
	f := c.Fn
	params := make([]ir.Type, len(c.Args))
	for i, a := range c.Args {
		params[i] = a.Type()
	}
	sf := &ir.Function{Name: fmt.Sprintf("%s.va%d", f.Name, len(p.Funcs)), Type: &ir.FuncType{Result: f.Type.Result, Params: params},
		Pos: f.Pos, End: f.End, Static: f.Static, Library: f.Library, ConstParams: f.ConstParams}
	p.Funcs = append(p.Funcs, sf)
	return sf
}

// unstubbable says why calls of f cannot be stubbed soundly, or "".
func unstubbable(f *ir.Function, cs []*ir.Call) string {
	if pt, ok := f.Type.Result.(*ir.PointerType); ok {
		if _, fn := pt.Elem.(*ir.FuncType); fn {
			return "returns a function pointer"
		}
	}
	if _, ok := f.Type.Result.(*ir.ArrayType); ok {
		return "returns an array"
	}
	for _, c := range cs {
		for i, a := range c.Args {
			if i < len(f.Type.Params) {
				continue
			}
			// The stub cannot see arguments passed through "...", so it
			// could not give what they point to new contents.
			if _, ok := a.Type().(*ir.PointerType); ok {
				return "takes a pointer through ..."
			}
		}
	}
	return ""
}

// stub writes f's body and returns what it assumes.
func stub(f *ir.Function, std *ir.Std) string {
	at := ir.At{P: f.Pos}
	f.Params, f.Locals = nil, nil
	newVar := func(name string, t ir.Type, kind ir.VarKind) *ir.Var {
		v := &ir.Var{Name: name, Source: name, Type: t, Kind: kind, Pos: f.Pos, Func: f, ID: len(f.Locals)}
		f.Locals = append(f.Locals, v)
		return v
	}
	var body []ir.Instr
	var havocked []string
	for i, t := range f.Type.Params {
		v := newVar(fmt.Sprintf("arg%d", i+1), t, ir.Param)
		f.Params = append(f.Params, v)
		pt, ok := t.(*ir.PointerType)
		if !ok {
			continue
		}
		if _, fn := pt.Elem.(*ir.FuncType); fn {
			continue
		}
		if i < len(f.ConstParams) && f.ConstParams[i] {
			continue
		}
		body = append(body, &ir.Call{At: at, Builtin: ir.BHavoc, Args: []ir.Expr{&ir.Cast{X: &ir.VarRef{V: v}, T: std.VoidPtr}}})
		havocked = append(havocked, fmt.Sprintf("argument %d", i+1))
		if len(havocked) == 2 {
			havocked[0] = "arguments" + strings.TrimPrefix(havocked[0], "argument")
		}
		if len(havocked) > 1 {
			havocked[len(havocked)-1] = fmt.Sprint(i + 1)
		}
	}
	name := ir.CName(f.Name)
	what := fmt.Sprintf("`%s()` has no body here: assumed to", name)
	if f.Implicit {
		what = fmt.Sprintf("`%s()` is declared nowhere (implicitly int %s()) and has no body here: assumed to", name, name)
	}
	var parts []string
	switch rt := f.Type.Result.(type) {
	case ir.VoidType:
		body = append(body, &ir.Return{At: at})
	case *ir.IntType, *ir.FloatType:
		r := newVar("result", rt, ir.Temp)
		body = append(body,
			&ir.Assign{At: at, Lhs: &ir.VarRef{V: r}, Rhs: &ir.Nondet{T: rt, Name: name + "()"}},
			&ir.Return{At: at, Value: &ir.VarRef{V: r}})
		parts = append(parts, "return any "+spellOr(rt, rt.String()))
	case *ir.PointerType:
		r := newVar("result", rt, ir.Temp)
		isNull := newVar("is_null", std.Bool, ir.Temp)
		size := int64(64)
		var alloc ir.Type
		if _, ok := rt.Elem.(ir.VoidType); !ok && rt.Elem.Size() > 0 {
			size, alloc = rt.Elem.Size(), rt.Elem
		}
		raw := newVar("block", std.VoidPtr, ir.Temp)
		n := len(body)
		body = append(body,
			&ir.Assign{At: at, Lhs: &ir.VarRef{V: isNull}, Rhs: &ir.Nondet{T: std.Bool, Name: name + "() returns NULL"}},
			&ir.Goto{At: at, Cond: &ir.VarRef{V: isNull}, Target: n + 6},
			&ir.Call{At: at, Result: &ir.VarRef{V: raw}, Builtin: ir.BMalloc, Args: []ir.Expr{&ir.Const{T: std.SizeT, Bits: uint64(size)}}, AllocType: alloc},
			&ir.Assign{At: at, Lhs: &ir.VarRef{V: r}, Rhs: &ir.Cast{X: &ir.VarRef{V: raw}, T: rt}},
			&ir.Return{At: at, Value: &ir.VarRef{V: r}},
			&ir.Skip{At: at},
			&ir.Return{At: at, Value: &ir.Const{T: rt, Bits: 0}})
		parts = append(parts, "return NULL or a fresh object with any contents")
	case *ir.StructType:
		r := newVar("result", rt, ir.Temp)
		r.AddrTaken = true
		body = append(body,
			&ir.Decl{At: at, V: r},
			&ir.Return{At: at, Value: &ir.VarRef{V: r}})
		parts = append(parts, "return any "+spellOr(rt, "struct"))
	}
	if len(havocked) > 0 {
		verb := "points"
		if len(havocked) > 1 {
			verb = "point"
		}
		parts = append(parts, "give the memory its "+strings.Join(havocked, ", ")+" "+verb+" to any contents")
	}
	parts = append(parts, "change no global variable")
	f.Body = body
	f.Loops = nil
	return what + " " + strings.Join(parts, ", ")
}

func spellOr(t ir.Type, def string) string {
	if s := spell(t); s != "" {
		return s
	}
	return def
}
