package ir

import "fmt"

// Inline returns a program in which the function entry has its calls of
// the program's own functions that have a loop of their own (not the
// library models: their loops walk strings the harness bounds) replaced by
// copies of their bodies, and the same again inside the copies, as long as
// the entry stays within maxInstrs instructions. Engines that reason about
// the entry's own loops (k-induction, loop invariants, contractors, the
// interval analysis) then see those loops too — a harness calls the
// function under test, so all its loops are in a callee.
//
// A copy keeps the call's meaning: each inlined activation gets its own
// copies of the callee's parameters (declared and assigned the arguments,
// which only read the caller's state) and locals; a return assigns the
// call's result lvalue (evaluated, as at a call, after the callee's body)
// and ends the lifetime of the activation's variables in memory, as
// returning from a frame does; instructions keep their positions and
// properties. Inputs are consumed in the same order, so an execution of
// the copy is one of the original with the same inputs. Calls are kept
// where that could differ: recursive callees, callees that use their
// frame (alloca, va_start), calls with fewer arguments than parameters,
// bodies that may fall off their end. Nothing is inlined (n is 0 and the
// program returned is p) when the entry itself is reachable from its
// callees. p is not modified; the other functions are shared with it.
func Inline(p *Program, entry string, maxInstrs int) (*Program, int, error) {
	f := p.Func(entry)
	if f == nil || !f.HasBody() {
		return p, 0, nil
	}
	rec := recursive(f)
	if rec[f] {
		return p, 0, nil
	}
	in := &inliner{rec: rec, max: maxInstrs, instances: map[*Function]int{}, addressed: AddressTaken(p)}
	if !in.anyInlinable(f) {
		return p, 0, nil
	}
	nf := *f
	vm := CopyLocals(f, &nf)
	in.nf = &nf
	in.emit(f, &Copier{Vars: vm}, nil)
	if in.n == 0 {
		return p, 0, nil
	}
	nf.Body = in.out
	ComputeLoops(&nf)
	np := *p
	np.Funcs = make([]*Function, len(p.Funcs))
	np.byName = nil
	for i, g := range p.Funcs {
		if g == f {
			g = &nf
		}
		np.Funcs[i] = g
	}
	np.byName = map[string]*Function{}
	for _, g := range np.Funcs {
		np.byName[g.Name] = g
	}
	if err := CheckProgram(&np); err != nil {
		return p, 0, fmt.Errorf("inlining into %s: %w", entry, err)
	}
	return &np, in.n, nil
}

// recursive is the set of functions reachable from root that can call
// themselves.
func recursive(root *Function) map[*Function]bool {
	out := map[*Function]bool{}
	for _, g := range Reachable(root) {
		for _, h := range Reachable(callees(g)...) {
			if h == g {
				out[g] = true
				break
			}
		}
	}
	return out
}

func callees(f *Function) []*Function {
	var out []*Function
	for _, in := range f.Body {
		if c, ok := in.(*Call); ok && c.Fn != nil {
			out = append(out, c.Fn)
		}
	}
	return out
}

type inliner struct {
	nf        *Function
	rec       map[*Function]bool
	max       int
	out       []Instr
	n         int
	instances map[*Function]int
	addressed map[*Var]bool // p's variables that may live in memory
}

// ret is what a return in an inlined body does.
type ret struct {
	result Expr   // the call's result lvalue, in the caller's variables
	dead   []*Var // the activation's variables in memory
	ends   []int  // the gotos to the end of the inlined body
}

// inlinable reports whether a call keeps its meaning as a copy of the
// callee's body (see Inline); the size is checked separately.
func (in *inliner) inlinable(c *Call) bool {
	g := c.Fn
	if g == nil || !g.HasBody() || g.Library || in.rec[g] || len(c.Args) < len(g.Params) || !in.loops(g) {
		return false
	}
	switch last := g.Body[len(g.Body)-1].(type) {
	case *Return:
	case *Goto:
		if last.Cond != nil {
			return false
		}
	default:
		return false
	}
	for _, x := range g.Body {
		if k, ok := x.(*Call); ok && (k.Builtin == BAlloca || k.Builtin == BVaStart) {
			return false
		}
		if j, ok := x.(*Goto); ok && (j.Target < 0 || j.Target >= len(g.Body)) {
			return false
		}
	}
	return true
}

// loops reports whether g has a loop of its own: only those calls are
// inlined. A loop-free callee gains the entry's loop reasoning nothing
// (analyses know some of them as they are: a function that aborts unless
// its argument holds is an assumption), and one that reaches loops only
// through its callees would bring them in at their cost: on cJSON's
// history k-induction then spent the work budget BMC needed on its list
// walks (two functions bounded at 1 instead of 2, none proved more).
func (in *inliner) loops(g *Function) bool { return len(g.Loops) > 0 }

func (in *inliner) anyInlinable(f *Function) bool {
	for _, x := range f.Body {
		if c, ok := x.(*Call); ok && in.inlinable(c) {
			return true
		}
	}
	return false
}

// emit appends a copy of f's body (variables mapped by c); r is nil for
// the entry itself, whose returns stay returns.
func (in *inliner) emit(f *Function, c *Copier, r *ret) {
	start := make([]int, len(f.Body))
	type fix struct{ at, target int }
	var fixes []fix
	for pc, x := range f.Body {
		start[pc] = len(in.out)
		switch x := x.(type) {
		case *Call:
			if in.inlinable(x) && len(in.out)+len(x.Fn.Body)+2*len(x.Fn.Locals) <= in.max {
				in.call(x, c)
				continue
			}
		case *Return:
			if r != nil {
				if r.result != nil && x.Value != nil {
					lhs := (&Copier{}).Expr(r.result)
					in.out = append(in.out, &Assign{At: x.At, Lhs: lhs, Rhs: c.Expr(x.Value)})
				}
				for _, v := range r.dead {
					in.out = append(in.out, &Dead{At: x.At, V: v})
				}
				r.ends = append(r.ends, len(in.out))
				in.out = append(in.out, &Goto{At: x.At, Target: -1})
				continue
			}
		}
		y := c.Instr(x, func(t int) int { return t })
		if g, ok := y.(*Goto); ok {
			fixes = append(fixes, fix{len(in.out), g.Target})
		}
		in.out = append(in.out, y)
	}
	for _, fx := range fixes {
		in.out[fx.at].(*Goto).Target = start[fx.target]
	}
}

// call inlines the call x (of the body being copied with c).
func (in *inliner) call(x *Call, c *Copier) {
	g := x.Fn
	in.n++
	in.instances[g]++
	prefix := g.Name + "."
	if k := in.instances[g]; k > 1 {
		prefix = fmt.Sprintf("%s#%d.", g.Name, k)
	}
	vm := map[*Var]*Var{}
	r := &ret{}
	for _, v := range g.Locals {
		nv := *v
		nv.Func = in.nf
		nv.Name = prefix + v.Name
		nv.ID = len(in.nf.Locals)
		if nv.Kind == Param {
			nv.Kind = Local // an input of the execution only as the entry's
		}
		in.nf.Locals = append(in.nf.Locals, &nv)
		vm[v] = &nv
		if v.AddrTaken || !IsScalar(v.Type) || in.addressed[v] {
			r.dead = append(r.dead, &nv)
		}
	}
	args := make([]Expr, len(g.Params))
	for i := range g.Params {
		args[i] = c.Expr(x.Args[i])
	}
	if x.Result != nil {
		r.result = c.Expr(x.Result)
	}
	in.out = append(in.out, &Skip{At: x.At})
	for i, p := range g.Params {
		in.out = append(in.out, &Decl{At: x.At, V: vm[p], HasInit: true},
			&Assign{At: x.At, Lhs: &VarRef{V: vm[p]}, Rhs: args[i]})
	}
	in.emit(g, &Copier{Vars: vm}, r)
	end := len(in.out)
	in.out = append(in.out, &Skip{At: x.At})
	for _, at := range r.ends {
		in.out[at].(*Goto).Target = end
	}
}
