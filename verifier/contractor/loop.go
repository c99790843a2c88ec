package contractor

import (
	"errors"
	"math/big"

	"github.com/prbmc/prbmc/verifier/interval"
	"github.com/prbmc/prbmc/verifier/ir"
)

// loopFacts is a path-sensitive interval analysis of one loop (a body
// without inner backward jumps): the body's paths are followed one by one
// from a head invariant, so a branch's refinement is not lost at the joins
// of the lowering of && (the whole-function analysis loses y < 1000 in
// afnp2014's while (y < 1000 && nondet())). It refines the interval
// analysis, which stays the other source of every bound (both are sound,
// so their intersection is).
type loopFacts struct {
	a     *analysis
	l     *ir.Loop
	s     *Space
	entry Box         // values entering the head from outside
	head  Box         // the head invariant
	at    map[int]Box // before each instruction of the body
	exit  Box         // at the first instruction after leaving the loop
	// thresholds are the loop's constants and their neighbours: widening
	// stops at them before jumping to a type's bound, so that a counter
	// widened to MAX does not wrap around and lose its lower bound.
	thresholds *interval.Thresholds
}

// collectThresholds gathers the constants of the loop's instructions, all
// their operands, under address-ofs too.
func (lf *loopFacts) collectThresholds() {
	lf.thresholds = interval.NewThresholds()
	for pc := lf.l.Head; pc <= lf.l.Latch; pc++ {
		for _, e := range ir.Operands(lf.a.f.Body[pc]) {
			lf.thresholds.AddConsts(e, true)
		}
	}
}

// maxPathSteps bounds the work of one pass over the body's paths.
const maxPathSteps = 20000

var errTooManyPaths = errors.New("the loop body has too many paths for the path-sensitive analysis")

// maxTotalSteps bounds the loop analyses of one Instrument call, so that
// contractors cost the engines little of their time budget.
const maxTotalSteps = 2_000_000

var errBudget = errors.New("the loop analyses exhausted their budget")

func (a *analysis) analyzeLoop(l *ir.Loop, extra *Space) (*loopFacts, error) {
	s := NewSpace(extra.Vars...)
	st := a.iv.At(l.Head)
	for pc := l.Head; pc <= l.Latch; pc++ {
		for _, e := range ir.Operands(a.f.Body[pc]) {
			ir.Inspect(e, func(x ir.Expr) bool {
				if r, ok := x.(*ir.VarRef); ok {
					if _, tracked := sideAt(st, r.V); tracked {
						s.add(r.V)
					}
				}
				return true
			})
		}
		if d, ok := a.f.Body[pc].(*ir.Decl); ok {
			if _, tracked := sideAt(st, d.V); tracked {
				s.add(d.V)
			}
		}
	}
	lf := &loopFacts{a: a, l: l, s: s}
	lf.collectThresholds()
	lf.entry = lf.entryBox()
	if lf.entry.Empty() {
		return nil, errors.New("the loop is unreachable")
	}
	h := lf.entry
	converged := false
	rounds := 2*len(s.Vars)*(lf.thresholds.Len()+2) + 8
	if rounds > maxRounds*25 {
		rounds = maxRounds * 25
	}
	for i := 0; i < rounds; i++ {
		if err := a.ctx.Err(); err != nil {
			return nil, err
		}
		back, err := lf.pass(h, false)
		if err != nil {
			return nil, err
		}
		nh := h.Hull(back)
		if h.Contains(nh) {
			converged = true
			break
		}
		if i >= 2 {
			nh = lf.widen(h, nh)
		}
		h = nh
	}
	if !converged {
		return nil, errors.New("the loop's path-sensitive analysis did not converge")
	}
	// h is a post-fixpoint; recomputing from it keeps every state sound.
	for i := 0; i < 3; i++ {
		back, err := lf.pass(h, false)
		if err != nil {
			return nil, err
		}
		h = lf.entry.Hull(back)
	}
	lf.head = h
	if _, err := lf.pass(h, true); err != nil {
		return nil, err
	}
	return lf, nil
}

func (lf *loopFacts) widen(old, nw Box) Box {
	out := nw.clone()
	for i := range nw {
		if old[i].Empty() {
			continue
		}
		switch t := lf.s.typ(i).(type) {
		case *ir.FloatType:
			out[i] = fromFloat(lf.thresholds.WidenFloat(toFloat(t, old[i]), toFloat(t, nw[i])))
		case *ir.IntType:
			w := lf.thresholds.Widen(old[i].toInterval(t), nw[i].toInterval(t))
			out[i] = Ival{w.Lo, w.Hi}
		}
	}
	return out
}

// fromIV is the interval analysis' box before pc.
func (lf *loopFacts) fromIV(pc int) Box { return lf.a.domainAt(lf.s, pc) }

// entryBox joins the states after the instructions outside the loop that
// continue at the head.
func (lf *loopFacts) entryBox() Box {
	f := lf.a.f
	var r Box
	add := func(b Box) {
		if r == nil {
			r = b
		} else {
			r = r.Hull(b)
		}
	}
	if lf.l.Head == 0 {
		add(lf.fromIV(0))
	}
	for q := range f.Body {
		if lf.l.Contains(q) {
			continue
		}
		for _, s := range ir.Succs(f, q) {
			if s != lf.l.Head {
				continue
			}
			b := lf.fromIV(q)
			if b.Empty() {
				continue
			}
			g, isGoto := f.Body[q].(*ir.Goto)
			switch {
			case !isGoto:
				b = lf.transfer(b, f.Body[q])
			case g.Cond == nil || (g.Target == s && q+1 == s):
			case g.Target == s:
				b = lf.refine(b, g.Cond, true)
			default:
				b = lf.refine(b, g.Cond, false)
			}
			add(b)
		}
	}
	if r == nil {
		r = emptyBox(len(lf.s.Vars))
	}
	return r
}

// emptyBox is an empty box of n sides.
func emptyBox(n int) Box {
	b := make(Box, n)
	for i := range b {
		b[i] = Ival{big.NewInt(1), new(big.Int)}
	}
	return b
}

// pass follows every path of the body from head state h; it returns the
// hull of the states that take the back edge, and records per-instruction
// and exit states when record is set.
func (lf *loopFacts) pass(h Box, record bool) (Box, error) {
	f, l := lf.a.f, lf.l
	var back Box
	hull := func(dst *Box, b Box) {
		if *dst == nil {
			*dst = b
		} else {
			*dst = dst.Hull(b)
		}
	}
	if record {
		lf.at = map[int]Box{}
	}
	steps := 0
	var walk func(pc int, b Box) error
	walk = func(pc int, b Box) error {
		if b.Empty() {
			return nil
		}
		if steps++; steps > maxPathSteps {
			return errTooManyPaths
		}
		if lf.a.budget++; lf.a.budget > maxTotalSteps {
			return errBudget
		}
		if !l.Contains(pc) {
			if record {
				hull(&lf.exit, b)
			}
			return nil
		}
		// The interval analysis holds too: intersecting keeps soundness.
		b = b.Meet(lf.fromIV(pc))
		if b.Empty() {
			return nil
		}
		if record {
			cur := lf.at[pc]
			hull(&cur, b)
			lf.at[pc] = cur
		}
		in := f.Body[pc]
		if g, ok := in.(*ir.Goto); ok {
			tb, fb := b, Box(nil)
			if g.Cond != nil {
				tb = lf.refine(b, g.Cond, true)
				fb = lf.refine(b, g.Cond, false)
			}
			if pc == l.Latch {
				hull(&back, tb)
			} else if err := walk(g.Target, tb); err != nil {
				return err
			}
			if fb != nil {
				return walk(pc+1, fb)
			}
			return nil
		}
		nb := lf.transfer(b, in)
		for _, s := range ir.Succs(f, pc) {
			if err := walk(s, nb); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(l.Head, h); err != nil {
		return nil, err
	}
	if back == nil {
		back = emptyBox(len(lf.s.Vars))
	}
	return back, nil
}

// refine narrows b to the states where c has the truth value (the hull of
// the contractor's union); conditions it cannot model leave b.
func (lf *loopFacts) refine(b Box, c ir.Expr, truth bool) Box {
	if Check(lf.s, c) != nil {
		return b
	}
	u := contract(lf.s, Integer, b, c, truth)
	if u.Empty() {
		return emptyBox(len(b))
	}
	h := u[0]
	for _, x := range u[1:] {
		h = h.Hull(x)
	}
	return h
}

// eval over-approximates e in b (the type's range when unmodelled).
func (lf *loopFacts) eval(b Box, e ir.Expr) Ival {
	t, ok := dimOf(e.Type())
	if !ok {
		return Ival{}
	}
	if Check(lf.s, e) != nil {
		return fullIval(t)
	}
	return Forward(lf.s, b, e)
}

func (lf *loopFacts) set(b Box, v *ir.Var, i Ival) Box {
	k := lf.s.Index(v)
	if k < 0 {
		return b
	}
	out := b.clone()
	out[k] = i
	return out
}

func (lf *loopFacts) top(b Box, v *ir.Var) Box {
	if k := lf.s.Index(v); k >= 0 {
		return lf.set(b, v, lf.s.full(k))
	}
	return b
}

// transfer is the effect of a non-jump instruction on the tracked
// variables (register integers and floats: only direct writes change
// them). A declaration with an initializer zeroes: ordinal 0 is 0.0.
func (lf *loopFacts) transfer(b Box, in ir.Instr) Box {
	switch in := in.(type) {
	case *ir.Assign:
		r, ok := in.Lhs.(*ir.VarRef)
		if !ok || lf.s.Index(r.V) < 0 {
			return b
		}
		if _, nd := in.Rhs.(*ir.Nondet); nd {
			return lf.top(b, r.V)
		}
		k := lf.s.Index(r.V)
		if !ir.SameType(r.V.Type, in.Rhs.Type()) { // ordinals of another type
			return lf.top(b, r.V)
		}
		x := lf.eval(b, in.Rhs)
		if t, ok := lf.s.typ(k).(*ir.IntType); ok {
			x = inType(t, x)
		}
		return lf.set(b, r.V, x.Meet(lf.s.full(k)))
	case *ir.Assume:
		return lf.refine(b, in.Cond, true)
	case *ir.Assert: // a failed assert ends the execution
		return lf.refine(b, in.Cond, true)
	case *ir.Decl:
		if k := lf.s.Index(in.V); k >= 0 && in.HasInit {
			return lf.set(b, in.V, zero())
		}
		return lf.top(b, in.V)
	case *ir.Dead:
		return lf.top(b, in.V)
	case *ir.Call:
		out := b
		if in.Fn != nil {
			for _, v := range lf.s.Vars {
				if v.Kind == ir.Global {
					out = lf.top(out, v)
				}
			}
		}
		if r, ok := in.Result.(*ir.VarRef); ok {
			out = lf.top(out, r.V)
		}
		return out
	}
	return b
}

// atPC is the box before pc inside the loop (empty if unreached).
func (lf *loopFacts) atPC(pc int) Box {
	if b, ok := lf.at[pc]; ok {
		return b
	}
	return emptyBox(len(lf.s.Vars))
}

// project restricts a loop box to space s (whose variables are in lf.s).
func (lf *loopFacts) project(b Box, s *Space) Box {
	out := make(Box, len(s.Vars))
	for i, v := range s.Vars {
		if k := lf.s.Index(v); k >= 0 {
			out[i] = b[k]
		} else {
			out[i] = s.full(i) // not analysed: nothing known
		}
	}
	return out
}

// valueAt is v's interval before pc inside the loop.
func (lf *loopFacts) valueAt(pc int, v *ir.Var) (Ival, bool) {
	k := lf.s.Index(v)
	if k < 0 {
		return Ival{}, false
	}
	b := lf.atPC(pc)
	if b.Empty() {
		return Ival{}, false
	}
	return b[k], true
}
