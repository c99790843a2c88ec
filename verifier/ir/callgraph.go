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

// Reachable returns the functions f calls, directly or not, f included,
// in the order a breadth-first walk meets them.
func Reachable(f *Function) []*Function {
	seen := map[*Function]bool{f: true}
	out := []*Function{f}
	for i := 0; i < len(out); i++ {
		for _, in := range out[i].Body {
			if c, ok := in.(*Call); ok && c.Fn != nil && !seen[c.Fn] {
				seen[c.Fn] = true
				out = append(out, c.Fn)
			}
		}
	}
	return out
}

// CName is the C name of a function: IR names of statics and of the
// per-call stubs of variadic functions carry a ".suffix".
func CName(name string) string {
	if i := strings.IndexByte(name, '.'); i > 0 {
		return name[:i]
	}
	return name
}
