package ir

// Inspect calls fn on e and, while fn returns true, on its operands, depth
// first (like go/ast.Inspect). Nil expressions are skipped.
func Inspect(e Expr, fn func(Expr) bool) {
	if e == nil || !fn(e) {
		return
	}
	switch e := e.(type) {
	case *Deref:
		Inspect(e.P, fn)
	case *Field:
		Inspect(e.X, fn)
	case *Index:
		Inspect(e.X, fn)
		Inspect(e.I, fn)
	case *AddrOf:
		Inspect(e.X, fn)
	case *Unary:
		Inspect(e.X, fn)
	case *Binary:
		Inspect(e.X, fn)
		Inspect(e.Y, fn)
	case *Cast:
		Inspect(e.X, fn)
	case *Valid:
		Inspect(e.P, fn)
	case *Freeable:
		Inspect(e.P, fn)
	case *Cond:
		Inspect(e.C, fn)
		Inspect(e.X, fn)
		Inspect(e.Y, fn)
	}
}

// Operands returns the expressions an instruction evaluates, lvalues
// included (nil ones left out).
func Operands(in Instr) []Expr {
	var out []Expr
	add := func(es ...Expr) {
		for _, e := range es {
			if e != nil {
				out = append(out, e)
			}
		}
	}
	switch in := in.(type) {
	case *Assign:
		add(in.Lhs, in.Rhs)
	case *Assume:
		add(in.Cond)
	case *Assert:
		add(in.Cond)
	case *Goto:
		add(in.Cond)
	case *Call:
		add(in.Result)
		add(in.Args...)
	case *Return:
		add(in.Value)
	}
	return out
}

// RootVar is the variable an lvalue built from VarRef, Field and Index
// designates part of, or nil (an object reached through a pointer).
func RootVar(e Expr) *Var {
	for {
		switch x := e.(type) {
		case *VarRef:
			return x.V
		case *Field:
			e = x.X
		case *Index:
			e = x.X
		default:
			return nil
		}
	}
}

// AddressTaken returns the variables whose address the program takes
// anywhere (in Init, its functions and whatever they call). Only they can
// be reached through pointers; the others may live in registers. It does
// not trust Var.AddrTaken, which the front end sets from C's view.
func AddressTaken(p *Program) map[*Var]bool {
	taken := map[*Var]bool{}
	visit := func(e Expr) bool {
		if a, ok := e.(*AddrOf); ok {
			if v := RootVar(a.X); v != nil {
				taken[v] = true
			}
		}
		return true
	}
	fns := append([]*Function{p.Init}, p.Funcs...)
	seen := map[*Function]bool{}
	for len(fns) > 0 {
		f := fns[len(fns)-1]
		fns = fns[:len(fns)-1]
		if f == nil || seen[f] {
			continue
		}
		seen[f] = true
		for _, in := range f.Body {
			if c, ok := in.(*Call); ok && c.Fn != nil {
				fns = append(fns, c.Fn)
			}
			for _, e := range Operands(in) {
				Inspect(e, visit)
			}
		}
	}
	return taken
}

// Written is the lvalue instruction in stores to (an Assign's left
// side, a Call's result), or nil.
func Written(in Instr) Expr {
	switch in := in.(type) {
	case *Assign:
		return in.Lhs
	case *Call:
		if in.Result != nil {
			return in.Result
		}
	}
	return nil
}
