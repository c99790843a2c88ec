package ir

import "strings"

// Callers maps every function with a body to the functions whose bodies
// call it directly (a dispatch over function pointers calls each
// candidate directly, so its candidates count). Each list is in program
// order, without repeats; a recursive function is not its own caller.
func Callers(p *Program) map[*Function][]*Function {
	out := map[*Function][]*Function{}
	for _, g := range p.Funcs {
		seen := map[*Function]bool{}
		for _, in := range g.Body {
			c, ok := in.(*Call)
			if !ok || c.Fn == nil || c.Fn == g || seen[c.Fn] {
				continue
			}
			seen[c.Fn] = true
			out[c.Fn] = append(out[c.Fn], g)
		}
	}
	return out
}

// AddressTakenFuncs lists the functions whose address the program takes (a
// FuncAddr anywhere in Init or a body), in program order: the functions
// a call through a pointer may reach.
func AddressTakenFuncs(p *Program) []*Function {
	taken := map[*Function]bool{}
	visit := func(e Expr) bool {
		if fa, ok := e.(*FuncAddr); ok {
			taken[fa.F] = true
		}
		return true
	}
	for _, f := range append([]*Function{p.Init}, p.Funcs...) {
		if f == nil {
			continue
		}
		for _, in := range f.Body {
			for _, e := range Operands(in) {
				Inspect(e, visit)
			}
		}
	}
	var out []*Function
	for _, f := range p.Funcs {
		if taken[f] {
			out = append(out, f)
		}
	}
	return out
}

// Reachable returns the functions the roots call, directly or not, the
// roots included (a nil root is skipped), each once, in depth-first
// preorder: a function before its callees, callees in the order of their
// calls, a later root after all that the earlier ones reach.
func Reachable(roots ...*Function) []*Function {
	seen := map[*Function]bool{}
	var out []*Function
	var visit func(f *Function)
	visit = func(f *Function) {
		if f == nil || seen[f] {
			return
		}
		seen[f] = true
		out = append(out, f)
		for _, in := range f.Body {
			if c, ok := in.(*Call); ok {
				visit(c.Fn)
			}
		}
	}
	for _, f := range roots {
		visit(f)
	}
	return out
}

// UsedGlobals is the set of global variables the bodies of fs name
// (read, write or take the address of).
func UsedGlobals(fs ...*Function) map[*Var]bool {
	used := map[*Var]bool{}
	for _, f := range fs {
		for _, in := range f.Body {
			for _, op := range Operands(in) {
				Inspect(op, func(e Expr) bool {
					if r, ok := e.(*VarRef); ok && r.V.Kind == Global {
						used[r.V] = true
					}
					return true
				})
			}
		}
	}
	return used
}

// CName is the C name of a function: IR names of statics and of the
// per-call stubs of variadic functions carry a ".suffix".
func CName(name string) string {
	if i := strings.IndexByte(name, '.'); i > 0 {
		return name[:i]
	}
	return name
}
