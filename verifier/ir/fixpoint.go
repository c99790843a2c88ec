package ir

import "context"

// Lattice is an abstract domain over the states before a function's
// instructions, as Forward needs it. Refine restricts a state to a
// condition's truth value; with it Forward passes states through the
// instructions that only test or route them (RoutingEdges). Step is the
// transfer function of the others: the states instruction pc passes to
// each successor from state s, which is not bottom. Widen is applied at
// loop heads (targets of backward Gotos, through which every cycle of a
// flat instruction list passes), so it must make every ascending chain
// there finite.
type Lattice[S any] interface {
	Entry() S
	Bottom() S
	IsBottom(s S) bool
	Join(a, b S) S
	Widen(old, next S) S
	Equal(a, b S) bool
	Refine(s S, cond Expr, truth bool) S
	Step(pc int, s S) []Edge[S]
}

// transfer is the states instruction pc passes on from s: none from a
// bottom state, RoutingEdges where they apply, l.Step otherwise.
func transfer[S any](f *Function, l Lattice[S], pc int, s S) []Edge[S] {
	if l.IsBottom(s) {
		return nil
	}
	if es, ok := RoutingEdges(f.Body[pc], pc, s, l.Refine); ok {
		return es
	}
	return l.Step(pc, s)
}

// Edge is a state passed to instruction To.
type Edge[S any] struct {
	To    int
	State S
}

// Forward computes a post-fixpoint of l over f's instructions — a
// worklist iteration, smallest pc first, widening at loop heads — and then
// recomputes every state from its predecessors narrowing times: each new
// state is the transfer of sound states, so it stays sound. It returns the
// state before each instruction and honours ctx.
func Forward[S any](ctx context.Context, f *Function, l Lattice[S], narrowing int) ([]S, error) {
	n := len(f.Body)
	states := make([]S, n)
	for i := range states {
		states[i] = l.Bottom()
	}
	if n == 0 {
		return states, nil
	}
	heads := make([]bool, n)
	for pc, in := range f.Body {
		if g, ok := in.(*Goto); ok && g.Target <= pc && g.Target >= 0 && g.Target < n {
			heads[g.Target] = true
		}
	}
	entry := l.Entry()
	states[0] = entry
	inList := make([]bool, n)
	inList[0] = true
	for steps := 1; ; steps++ {
		pc := -1
		for i := range inList {
			if inList[i] {
				pc = i
				break
			}
		}
		if pc < 0 {
			break
		}
		inList[pc] = false
		if steps%16 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		for _, e := range transfer(f, l, pc, states[pc]) {
			if e.To < 0 || e.To >= n || l.IsBottom(e.State) {
				continue
			}
			next := l.Join(states[e.To], e.State)
			if heads[e.To] {
				next = l.Widen(states[e.To], next)
			}
			if !l.Equal(next, states[e.To]) {
				states[e.To] = next
				inList[e.To] = true
			}
		}
	}
	preds := Preds(f)
	for pass := 0; pass < narrowing; pass++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for pc := 0; pc < n; pc++ {
			acc := l.Bottom()
			if pc == 0 {
				acc = entry
			}
			for _, q := range preds[pc] {
				for _, e := range transfer(f, l, q, states[q]) {
					if e.To == pc {
						acc = l.Join(acc, e.State)
					}
				}
			}
			states[pc] = acc
		}
	}
	return states, nil
}

// RoutingEdges is the part of a transfer function that is the same in
// every domain: the instructions that only test or route a state; refine
// restricts a state to the executions in which a condition is nonzero
// (truth set) or zero. Assume and Assert
// pass on the state in which their condition holds, a Goto the state in
// which it jumps to its target and the one in which it falls through,
// Return and calls of abort and exit nothing. ok is false for any other
// instruction, whose transfer is the domain's own.
func RoutingEdges[S any](in Instr, pc int, st S, refine func(s S, cond Expr, truth bool) S) (edges []Edge[S], ok bool) {
	next := pc + 1
	switch in := in.(type) {
	case *Assume:
		return []Edge[S]{{To: next, State: refine(st, in.Cond, true)}}, true
	case *Assert:
		return []Edge[S]{{To: next, State: refine(st, in.Cond, true)}}, true
	case *Goto:
		if in.Cond == nil {
			return []Edge[S]{{To: in.Target, State: st}}, true
		}
		return []Edge[S]{{To: in.Target, State: refine(st, in.Cond, true)}, {To: next, State: refine(st, in.Cond, false)}}, true
	case *Call:
		if in.Builtin == BAbort || in.Builtin == BExit {
			return nil, true
		}
	case *Return:
		return nil, true
	}
	return nil, false
}

// RefineLogical is the part of a Refine that is the same in every domain:
// a condition made with !, && or || is refined through its operands with
// the domain's refine and join (a && b is false where a is, or where a
// is true and b false). ok is false for any other condition.
func RefineLogical[S any](st S, cond Expr, truth bool, refine func(s S, cond Expr, truth bool) S, join func(a, b S) S) (_ S, ok bool) {
	switch c := cond.(type) {
	case *Unary:
		if c.Op == LNot {
			return refine(st, c.X, !truth), true
		}
	case *Binary:
		switch c.Op {
		case LAnd:
			if truth {
				return refine(refine(st, c.X, true), c.Y, true), true
			}
			return join(refine(st, c.X, false), refine(refine(st, c.X, true), c.Y, false)), true
		case LOr:
			if !truth {
				return refine(refine(st, c.X, false), c.Y, false), true
			}
			return join(refine(st, c.X, true), refine(refine(st, c.X, false), c.Y, true)), true
		}
	}
	return st, false
}

// Facts is what a forward analysis knows of one function: the state
// before each instruction, as Forward computed them.
type Facts[S any] struct {
	F      *Function
	states []S
	bottom S
	l      Lattice[S]
}

// NewFacts holds the states Forward computed for f in l; bottom is the
// state At gives out of range.
func NewFacts[S any](f *Function, states []S, bottom S, l Lattice[S]) *Facts[S] {
	return &Facts[S]{F: f, states: states, bottom: bottom, l: l}
}

// At is the state before instruction pc (bottom when pc is out of range
// or unreachable).
func (r *Facts[S]) At(pc int) S {
	if pc < 0 || pc >= len(r.states) {
		return r.bottom
	}
	return r.states[pc]
}

// CannotFail reports whether the Assert at pc holds whenever it is
// reached: no state the analysis allows there makes its condition zero
// (or none reaches it). False for any other instruction.
func (r *Facts[S]) CannotFail(pc int) bool {
	if pc < 0 || pc >= len(r.F.Body) {
		return false
	}
	as, ok := r.F.Body[pc].(*Assert)
	if !ok {
		return false
	}
	st := r.At(pc)
	return r.l.IsBottom(st) || r.l.IsBottom(r.l.Refine(st, as.Cond, false))
}
