package ir

import "context"

// Lattice is an abstract domain over the states before a function's
// instructions, as Forward needs it. Step is the transfer function: the
// states instruction pc passes to each successor from state s (none from
// a bottom state); Widen is applied at loop heads (targets of backward
// Gotos, through which every cycle of a flat instruction list passes), so
// it must make every ascending chain there finite.
type Lattice[S any] interface {
	Entry() S
	Bottom() S
	IsBottom(s S) bool
	Join(a, b S) S
	Widen(old, next S) S
	Equal(a, b S) bool
	Step(pc int, s S) []Edge[S]
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
		for _, e := range l.Step(pc, states[pc]) {
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
				for _, e := range l.Step(q, states[q]) {
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
