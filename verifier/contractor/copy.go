package contractor

import (
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
		vm := ir.CopyLocals(f, nf)
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
		c := &ir.Copier{Vars: vm, Funcs: fm}
		body := make([]ir.Instr, 0, n)
		for pc, in := range f.Body {
			for _, x := range ins[pc] {
				body = append(body, c.Instr(x, target))
			}
			if a, ok := in.(*ir.Assert); ok && rw.disable[a.Prop] {
				// A failed assert ends the execution: as an assume it keeps
				// exactly the executions that continue past it.
				body = append(body, &ir.Assume{At: a.At, Cond: c.Expr(a.Cond)})
				continue
			}
			body = append(body, c.Instr(in, target))
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
