package ir

// Succs lists the instructions control may pass to from instruction pc of
// f, in the order: a goto's target, then the fall-through. A return, a
// call of abort or exit, and an unconditional goto do not fall through;
// an index outside the body (a fall-through off its end) is left out.
func Succs(f *Function, pc int) []int {
	n := len(f.Body)
	var s []int
	switch in := f.Body[pc].(type) {
	case *Return:
		return nil
	case *Goto:
		if in.Target >= 0 && in.Target < n {
			s = append(s, in.Target)
		}
		if in.Cond == nil {
			return s
		}
	case *Call:
		if in.Builtin == BAbort || in.Builtin == BExit {
			return nil
		}
	}
	if pc+1 < n {
		s = append(s, pc+1)
	}
	return s
}

// Preds gives, for every instruction of f, the instructions Succs leads
// to it from, in increasing order (one that reaches it both by its jump
// and by falling through is listed twice).
func Preds(f *Function) [][]int {
	preds := make([][]int, len(f.Body))
	for pc := range f.Body {
		for _, s := range Succs(f, pc) {
			preds[s] = append(preds[s], pc)
		}
	}
	return preds
}

// DomTree is the dominator tree of a control-flow graph over a function's
// instructions: a dominates b when every path from the entry to b passes
// through a.
type DomTree struct {
	entry int
	idom  []int // immediate dominator; -1 for the entry and what it does not reach
	order []int // reverse postorder position; -1 where the entry does not reach
}

// Dominators is the dominator tree of f's instructions, entered at 0,
// over Succs.
func Dominators(f *Function) *DomTree {
	return dominators(len(f.Body), 0, func(pc int) []int { return Succs(f, pc) })
}

// IterationDominators is the dominator tree of one iteration of loop l
// of f: its instructions, entered at the head, over the edges of Succs
// that stay inside l and go forward (l's back edge and those of the
// loops nested in it are left out). a dominates l.Latch there when every
// iteration that comes back to the head passes through a.
func IterationDominators(f *Function, l *Loop) *DomTree {
	return dominators(len(f.Body), l.Head, func(pc int) []int {
		var out []int
		for _, s := range Succs(f, pc) {
			if s > pc && l.Contains(s) {
				out = append(out, s)
			}
		}
		return out
	})
}

// Reached reports whether the entry reaches pc.
func (d *DomTree) Reached(pc int) bool {
	return pc >= 0 && pc < len(d.order) && d.order[pc] >= 0
}

// Idom is pc's immediate dominator, -1 for the entry and for an
// instruction the entry does not reach.
func (d *DomTree) Idom(pc int) int {
	if !d.Reached(pc) {
		return -1
	}
	return d.idom[pc]
}

// Dominates reports whether every path from the entry to b passes
// through a (every instruction dominates itself). When the entry does not
// reach b there is no such path, and every a dominates it.
func (d *DomTree) Dominates(a, b int) bool {
	if !d.Reached(b) {
		return true
	}
	if !d.Reached(a) {
		return false
	}
	for {
		if b == a {
			return true
		}
		if b == d.entry {
			return false
		}
		b = d.idom[b]
	}
}

// dominators computes the tree by the iteration of Cooper, Harvey and
// Kennedy ("A Simple, Fast Dominance Algorithm") over the n nodes that
// succ links, from entry.
func dominators(n, entry int, succ func(int) []int) *DomTree {
	d := &DomTree{entry: entry, idom: make([]int, n), order: make([]int, n)}
	for i := range d.order {
		d.order[i], d.idom[i] = -1, -1
	}
	if entry < 0 || entry >= n {
		return d
	}
	// Postorder by an explicit stack (bodies can be long).
	visited := make([]bool, n)
	var post []int
	type frame struct {
		pc   int
		next []int
	}
	visited[entry] = true
	stack := []frame{{entry, succ(entry)}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if len(top.next) == 0 {
			post = append(post, top.pc)
			stack = stack[:len(stack)-1]
			continue
		}
		s := top.next[0]
		top.next = top.next[1:]
		if !visited[s] {
			visited[s] = true
			stack = append(stack, frame{s, succ(s)})
		}
	}
	rpo := make([]int, len(post))
	for i, pc := range post {
		rpo[len(post)-1-i] = pc
		d.order[pc] = len(post) - 1 - i
	}
	preds := make([][]int, n)
	for _, pc := range rpo {
		for _, s := range succ(pc) {
			preds[s] = append(preds[s], pc)
		}
	}
	intersect := func(a, b int) int {
		for a != b {
			for d.order[a] > d.order[b] {
				a = d.idom[a]
			}
			for d.order[b] > d.order[a] {
				b = d.idom[b]
			}
		}
		return a
	}
	d.idom[entry] = entry
	for changed := true; changed; {
		changed = false
		for _, pc := range rpo[1:] {
			nd := -1
			for _, p := range preds[pc] {
				if d.idom[p] < 0 {
					continue // not processed yet
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd != d.idom[pc] {
				d.idom[pc], changed = nd, true
			}
		}
	}
	d.idom[entry] = -1
	return d
}
