package ir

import "sort"

// ComputeLoops fills f.Loops from f's backward gotos: each one closes a loop
// from its target (the head) to itself (the latch). Loops are ordered by
// head, outer before inner, and each knows its innermost enclosing loop.
func ComputeLoops(f *Function) {
	f.Loops = nil
	for i, in := range f.Body {
		if g, ok := in.(*Goto); ok && g.Target <= i {
			f.Loops = append(f.Loops, &Loop{Head: g.Target, Latch: i, Pos: f.Body[g.Target].Pos()})
		}
	}
	sort.SliceStable(f.Loops, func(i, j int) bool {
		a, b := f.Loops[i], f.Loops[j]
		if a.Head != b.Head {
			return a.Head < b.Head
		}
		return a.Latch > b.Latch
	})
	for i, l := range f.Loops {
		for j := i - 1; j >= 0; j-- {
			o := f.Loops[j]
			if o.Head <= l.Head && l.Latch <= o.Latch {
				l.Parent = o
				break
			}
		}
	}
}

// Contains reports whether instruction i lies inside l.
func (l *Loop) Contains(i int) bool { return l.Head <= i && i <= l.Latch }
