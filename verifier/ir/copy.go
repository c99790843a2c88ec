package ir

import "fmt"

// Copier deep-copies expressions and instructions, mapping variables and
// functions: a variable or function not in the maps is kept (a global,
// a callee that is not copied). Types are shared: nothing changes them.
type Copier struct {
	Vars  map[*Var]*Var
	Funcs map[*Function]*Function
}

func (c *Copier) v(v *Var) *Var {
	if nv, ok := c.Vars[v]; ok {
		return nv
	}
	return v
}

func (c *Copier) exprs(es []Expr) []Expr {
	if es == nil {
		return nil
	}
	out := make([]Expr, len(es))
	for i, e := range es {
		out[i] = c.Expr(e)
	}
	return out
}

// Expr is a copy of e.
func (c *Copier) Expr(e Expr) Expr {
	switch e := e.(type) {
	case nil:
		return nil
	case *Const:
		x := *e
		return &x
	case *FloatConst:
		x := *e
		return &x
	case *VarRef:
		return &VarRef{V: c.v(e.V)}
	case *Deref:
		return &Deref{P: c.Expr(e.P), T: e.T}
	case *Field:
		return &Field{X: c.Expr(e.X), Index: e.Index}
	case *Index:
		return &Index{X: c.Expr(e.X), I: c.Expr(e.I)}
	case *AddrOf:
		return &AddrOf{X: c.Expr(e.X), T: e.T}
	case *FuncAddr:
		if nf, ok := c.Funcs[e.F]; ok {
			return &FuncAddr{F: nf, T: e.T}
		}
		return &FuncAddr{F: e.F, T: e.T}
	case *Unary:
		return &Unary{Op: e.Op, X: c.Expr(e.X), T: e.T}
	case *Binary:
		return &Binary{Op: e.Op, X: c.Expr(e.X), Y: c.Expr(e.Y), T: e.T}
	case *Cast:
		return &Cast{X: c.Expr(e.X), T: e.T}
	case *Cond:
		return &Cond{C: c.Expr(e.C), X: c.Expr(e.X), Y: c.Expr(e.Y), T: e.T}
	case *Nondet:
		x := *e
		return &x
	case *Valid:
		return &Valid{P: c.Expr(e.P), N: e.N, Write: e.Write, T: e.T}
	case *Freeable:
		return &Freeable{P: c.Expr(e.P), T: e.T}
	}
	panic(fmt.Sprintf("ir: copying an unknown expression %T", e))
}

// Instr is a copy of in; target maps a jump's target (an index into the
// body the copy goes to).
func (c *Copier) Instr(in Instr, target func(int) int) Instr {
	switch in := in.(type) {
	case *Decl:
		return &Decl{At: in.At, V: c.v(in.V), HasInit: in.HasInit}
	case *Dead:
		return &Dead{At: in.At, V: c.v(in.V)}
	case *Assign:
		return &Assign{At: in.At, Lhs: c.Expr(in.Lhs), Rhs: c.Expr(in.Rhs)}
	case *Assume:
		return &Assume{At: in.At, Cond: c.Expr(in.Cond)}
	case *Assert:
		return &Assert{At: in.At, Cond: c.Expr(in.Cond), Prop: in.Prop}
	case *Goto:
		return &Goto{At: in.At, Cond: c.Expr(in.Cond), Target: target(in.Target)}
	case *Call:
		fn := in.Fn
		if nf, ok := c.Funcs[fn]; ok {
			fn = nf
		}
		return &Call{At: in.At, Result: c.Expr(in.Result), Fn: fn, Builtin: in.Builtin, Args: c.exprs(in.Args), AllocType: in.AllocType}
	case *Return:
		return &Return{At: in.At, Value: c.Expr(in.Value)}
	case *Skip:
		return &Skip{At: in.At}
	case *Unsupported:
		return &Unsupported{At: in.At, Construct: in.Construct}
	}
	panic(fmt.Sprintf("ir: copying an unknown instruction %T", in))
}

// CopyLocals gives nf (a shallow copy of f) copies of f's parameters and
// locals, owned by nf, and returns the map from f's variables to them.
func CopyLocals(f, nf *Function) map[*Var]*Var {
	vm := map[*Var]*Var{}
	nf.Params, nf.Locals = nil, nil
	for _, v := range f.Locals {
		nv := *v
		nv.Func = nf
		vm[v] = &nv
		nf.Locals = append(nf.Locals, &nv)
	}
	for _, v := range f.Params {
		nf.Params = append(nf.Params, vm[v])
	}
	return vm
}

// CloneFunction is a deep copy of f named name: its own parameters,
// locals and body (the same properties, callees and globals), with its
// loops computed. The copy is not added to any program.
func CloneFunction(f *Function, name string) *Function {
	nf := *f
	nf.Name = name
	c := &Copier{Vars: CopyLocals(f, &nf)}
	if f.Body != nil {
		nf.Body = make([]Instr, len(f.Body))
		for pc, in := range f.Body {
			nf.Body[pc] = c.Instr(in, func(t int) int { return t })
		}
		ComputeLoops(&nf)
	}
	return &nf
}
