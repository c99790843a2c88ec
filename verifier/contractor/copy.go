package contractor

import (
	"fmt"

	"github.com/prbmc/prbmc/verifier/ir"
)

// rewrite says how copyProgram changes a program: instructions to insert
// before an instruction of a function (by the original index), and the
// properties whose asserts become assumes (checked by another query).
type rewrite struct {
	insert  map[*ir.Function]map[int][]ir.Instr
	disable map[*ir.Property]bool
}

// copyProgram returns a deep copy of p's functions with rw applied; p is
// not modified. Locals are copied too, so that every variable's Func is
// the function that now owns it (the engines rely on it), and calls are
// redirected to the copies. Globals and types are shared: nothing changes
// them. Inserted instructions are written over the original variables and
// are remapped like the rest.
func copyProgram(p *ir.Program, rw rewrite) *ir.Program {
	np := &ir.Program{DataModel: p.DataModel, Globals: p.Globals, Types: p.Types}
	fm := map[*ir.Function]*ir.Function{}
	all := append([]*ir.Function{}, p.Funcs...)
	if p.Init != nil {
		all = append(all, p.Init)
	}
	for _, f := range all {
		nf := *f
		fm[f] = &nf
	}
	for _, f := range all {
		nf := fm[f]
		vm := map[*ir.Var]*ir.Var{}
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
		if f.Body == nil {
			continue
		}
		ins := rw.insert[f]
		start := make([]int, len(f.Body)+1)
		n := 0
		for pc := range f.Body {
			start[pc] = n
			n += len(ins[pc]) + 1
		}
		start[len(f.Body)] = n
		target := func(t int) int {
			if t >= 0 && t <= len(f.Body) {
				return start[t]
			}
			return t
		}
		c := &copier{vm: vm, fm: fm}
		body := make([]ir.Instr, 0, n)
		for pc, in := range f.Body {
			for _, x := range ins[pc] {
				body = append(body, c.instr(x, target))
			}
			if a, ok := in.(*ir.Assert); ok && rw.disable[a.Prop] {
				// A failed assert ends the execution: as an assume it keeps
				// exactly the executions that continue past it.
				body = append(body, &ir.Assume{At: a.At, Cond: c.expr(a.Cond)})
				continue
			}
			body = append(body, c.instr(in, target))
		}
		nf.Body = body
		ir.ComputeLoops(nf)
	}
	for _, f := range p.Funcs {
		np.AddFunc(fm[f])
	}
	if p.Init != nil {
		np.Init = fm[p.Init]
	}
	for _, pr := range p.Props {
		if !rw.disable[pr] {
			np.Props = append(np.Props, pr)
		}
	}
	return np
}

type copier struct {
	vm map[*ir.Var]*ir.Var
	fm map[*ir.Function]*ir.Function
}

func (c *copier) v(v *ir.Var) *ir.Var {
	if nv, ok := c.vm[v]; ok {
		return nv
	}
	return v // a global
}

func (c *copier) exprs(es []ir.Expr) []ir.Expr {
	if es == nil {
		return nil
	}
	out := make([]ir.Expr, len(es))
	for i, e := range es {
		out[i] = c.expr(e)
	}
	return out
}

func (c *copier) expr(e ir.Expr) ir.Expr {
	switch e := e.(type) {
	case nil:
		return nil
	case *ir.Const:
		x := *e
		return &x
	case *ir.FloatConst:
		x := *e
		return &x
	case *ir.VarRef:
		return &ir.VarRef{V: c.v(e.V)}
	case *ir.Deref:
		return &ir.Deref{P: c.expr(e.P), T: e.T}
	case *ir.Field:
		return &ir.Field{X: c.expr(e.X), Index: e.Index}
	case *ir.Index:
		return &ir.Index{X: c.expr(e.X), I: c.expr(e.I)}
	case *ir.AddrOf:
		return &ir.AddrOf{X: c.expr(e.X), T: e.T}
	case *ir.FuncAddr:
		if nf, ok := c.fm[e.F]; ok {
			return &ir.FuncAddr{F: nf, T: e.T}
		}
		return &ir.FuncAddr{F: e.F, T: e.T}
	case *ir.Unary:
		return &ir.Unary{Op: e.Op, X: c.expr(e.X), T: e.T}
	case *ir.Binary:
		return &ir.Binary{Op: e.Op, X: c.expr(e.X), Y: c.expr(e.Y), T: e.T}
	case *ir.Cast:
		return &ir.Cast{X: c.expr(e.X), T: e.T}
	case *ir.Cond:
		return &ir.Cond{C: c.expr(e.C), X: c.expr(e.X), Y: c.expr(e.Y), T: e.T}
	case *ir.Nondet:
		x := *e
		return &x
	case *ir.Valid:
		return &ir.Valid{P: c.expr(e.P), N: e.N, Write: e.Write, T: e.T}
	case *ir.Freeable:
		return &ir.Freeable{P: c.expr(e.P), T: e.T}
	}
	panic(fmt.Sprintf("contractor: unknown expression %T", e))
}

func (c *copier) instr(in ir.Instr, target func(int) int) ir.Instr {
	switch in := in.(type) {
	case *ir.Decl:
		return &ir.Decl{At: in.At, V: c.v(in.V), HasInit: in.HasInit}
	case *ir.Dead:
		return &ir.Dead{At: in.At, V: c.v(in.V)}
	case *ir.Assign:
		return &ir.Assign{At: in.At, Lhs: c.expr(in.Lhs), Rhs: c.expr(in.Rhs)}
	case *ir.Assume:
		return &ir.Assume{At: in.At, Cond: c.expr(in.Cond)}
	case *ir.Assert:
		return &ir.Assert{At: in.At, Cond: c.expr(in.Cond), Prop: in.Prop}
	case *ir.Goto:
		return &ir.Goto{At: in.At, Cond: c.expr(in.Cond), Target: target(in.Target)}
	case *ir.Call:
		fn := in.Fn
		if nf, ok := c.fm[fn]; ok {
			fn = nf
		}
		return &ir.Call{At: in.At, Result: c.expr(in.Result), Fn: fn, Builtin: in.Builtin, Args: c.exprs(in.Args), AllocType: in.AllocType}
	case *ir.Return:
		return &ir.Return{At: in.At, Value: c.expr(in.Value)}
	case *ir.Skip:
		return &ir.Skip{At: in.At}
	case *ir.Unsupported:
		return &ir.Unsupported{At: in.At, Construct: in.Construct}
	}
	panic("contractor: unknown instruction")
}
