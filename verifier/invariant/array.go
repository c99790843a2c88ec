package invariant

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/symex"
)

// ArrayInv is a quantified invariant over an array's contents at a loop
// head (symex.ArrayFact): ∀j. lo <= j < hi → a[j] == c, or == b[j].
type ArrayInv struct {
	F symex.ArrayFact
	// Exit is the bound the counter reaches when the loop ends (the
	// fact with Hi = Exit is a candidate at the next loop's head), nil
	// when unknown or when Hi is no counter.
	Exit *symex.Limit
}

// Build is nil: the fact is about memory, which register invariants do
// not see; symex assumes it through Induction.Arrays (ArrayFacts).
func (a ArrayInv) Build(*smt.Builder, func(*ir.Var) *smt.Term) *smt.Term { return nil }

func (a ArrayInv) String() string { return a.F.String() }

// CExpr is "": C has no quantifier.
func (a ArrayInv) CExpr() string { return "" }

// ArrayFacts are the array invariants among invs, for symex.Induction.
func ArrayFacts(invs []Invariant) []symex.ArrayFact {
	var out []symex.ArrayFact
	for _, iv := range invs {
		if a, ok := iv.(ArrayInv); ok {
			out = append(out, a.F)
		}
	}
	return out
}

// arrayShape is a store of a loop that fills or copies an array element
// by element: base[i] = val with i the loop's counter.
type arrayShape struct {
	base  *ir.Var
	elem  *ir.IntType
	konst *big.Int // or src
	src   *ir.Var
}

// counter is the register a loop steps by one (its only write in the
// loop is i := i + 1), and the bound the loop leaves at (if (i >= n)
// goto out), nil when there is none.
func counter(f *ir.Function, l *ir.Loop) (i *ir.Var, exit *symex.Limit) {
	writes := map[*ir.Var]int{}
	var step *ir.Var
	for pc := l.Head; pc <= l.Latch; pc++ {
		switch in := f.Body[pc].(type) {
		case *ir.Assign:
			v := ir.RootVar(in.Lhs)
			if v == nil {
				continue
			}
			writes[v]++
			if r, ok := in.Lhs.(*ir.VarRef); ok {
				if add, ok := in.Rhs.(*ir.Binary); ok && add.Op == ir.Add && isVar(add.X, r.V) && isConst(add.Y, 1) {
					step = r.V
				}
			}
		case *ir.Call:
			if in.Result != nil {
				if v := ir.RootVar(in.Result); v != nil {
					writes[v] += 2
				}
			}
		case *ir.Decl:
			writes[in.V] += 2
		}
	}
	if step == nil || writes[step] != 1 || step.AddrTaken {
		return nil, nil
	}
	if it, ok := step.Type.(*ir.IntType); !ok || it.Bits > 64 {
		return nil, nil
	}
	for pc := l.Head; pc <= l.Latch; pc++ {
		g, ok := f.Body[pc].(*ir.Goto)
		if !ok || g.Target <= l.Latch || g.Cond == nil {
			continue
		}
		ge, ok := g.Cond.(*ir.Binary)
		if !ok || ge.Op != ir.Ge || !isVar(ge.X, step) {
			continue
		}
		switch y := ge.Y.(type) {
		case *ir.VarRef:
			if _, ok := y.V.Type.(*ir.IntType); ok && writes[y.V] == 0 && !y.V.AddrTaken {
				exit = &symex.Limit{V: y.V}
			}
		case *ir.Const:
			if c, ok := constInt(y); ok {
				exit = &symex.Limit{C: c}
			}
		}
		break
	}
	return step, exit
}

// startVar is k when the loop starts its counter at a register (i := k
// just before the head) that the loop leaves alone: the segment then
// starts at k, whatever its value.
func startVar(f *ir.Function, l *ir.Loop, i *ir.Var) *ir.Var {
	if l.Head == 0 {
		return nil
	}
	as, ok := f.Body[l.Head-1].(*ir.Assign)
	if !ok || !isVar(as.Lhs, i) {
		return nil
	}
	r, ok := as.Rhs.(*ir.VarRef)
	if !ok || r.V.AddrTaken || r.V.Type != i.Type {
		return nil
	}
	for pc := l.Head; pc <= l.Latch; pc++ {
		switch in := f.Body[pc].(type) {
		case *ir.Assign:
			if ir.RootVar(in.Lhs) == r.V {
				return nil
			}
		case *ir.Call:
			if in.Result != nil && ir.RootVar(in.Result) == r.V {
				return nil
			}
		case *ir.Decl:
			if in.V == r.V {
				return nil
			}
		}
	}
	return r.V
}

func isVar(e ir.Expr, v *ir.Var) bool {
	r, ok := e.(*ir.VarRef)
	return ok && r.V == v
}

func isConst(e ir.Expr, c int64) bool {
	k, ok := e.(*ir.Const)
	if !ok {
		return false
	}
	v, ok := constInt(k)
	return ok && v == c
}

// constInt is k's value in its signedness, if it fits an int64.
func constInt(k *ir.Const) (int64, bool) {
	v, ok := intVal(k)
	if !ok || !v.IsInt64() {
		return 0, false
	}
	return v.Int64(), true
}

// element recognises base[i] for an array variable or *(base +p i) for a
// pointer register.
func element(e ir.Expr, i *ir.Var) (base *ir.Var, elem *ir.IntType) {
	switch x := e.(type) {
	case *ir.Index:
		r, ok := x.X.(*ir.VarRef)
		if !ok || !isVar(x.I, i) {
			return nil, nil
		}
		at, ok := r.V.Type.(*ir.ArrayType)
		if !ok {
			return nil, nil
		}
		it, ok := at.Elem.(*ir.IntType)
		if !ok {
			return nil, nil
		}
		return r.V, it
	case *ir.Deref:
		add, ok := x.P.(*ir.Binary)
		if !ok || add.Op != ir.PtrAdd || !isVar(add.Y, i) {
			return nil, nil
		}
		r, ok := add.X.(*ir.VarRef)
		if !ok {
			return nil, nil
		}
		if _, ok := r.V.Type.(*ir.PointerType); !ok {
			return nil, nil
		}
		it, ok := x.T.(*ir.IntType)
		if !ok {
			return nil, nil
		}
		return r.V, it
	}
	return nil, nil
}

// shapes are l's stores base[i] = c and base[i] = src[i].
func shapes(f *ir.Function, l *ir.Loop, i *ir.Var) []arrayShape {
	var out []arrayShape
	for pc := l.Head; pc <= l.Latch; pc++ {
		as, ok := f.Body[pc].(*ir.Assign)
		if !ok {
			continue
		}
		base, elem := element(as.Lhs, i)
		if base == nil {
			continue
		}
		sh := arrayShape{base: base, elem: elem}
		switch r := as.Rhs.(type) {
		case *ir.Const:
			c, ok := constInt(r)
			if !ok || r.T.Size() != elem.Size() {
				continue
			}
			sh.konst = big.NewInt(c)
		default:
			src, se := element(r, i)
			if src == nil || se.Size() != elem.Size() || se.Signed != elem.Signed {
				continue
			}
			sh.src = src
		}
		out = append(out, sh)
	}
	return out
}

// arrayCandidates are the facts to try at l's head: for each store of
// the loop, the prefix it has filled (lo <= j < i, lo the counter's entry
// value read off model m); and the facts proved at the loop before, with
// a counter's prefix widened to the bound it left at.
func (h *houdini) arrayCandidates(m smt.Model, val func(*ir.Var) *smt.Term) []ArrayInv {
	var out []ArrayInv
	seen := map[string]bool{}
	add := func(a ArrayInv) {
		if k := a.String(); !seen[k] {
			seen[k] = true
			out = append(out, a)
		}
	}
	l := h.loop.Loop
	if i, exit := counter(h.entry, l); i != nil {
		if t := val(i); t != nil {
			if v, err := m.Eval(t); err == nil {
				lo := v.BitVec().SignedBig()
				if it := i.Type.(*ir.IntType); !it.Signed {
					lo = v.BitVec().Big()
				}
				los := []symex.Limit{}
				if lo.IsInt64() {
					los = append(los, symex.Limit{C: lo.Int64()})
				}
				if k := startVar(h.entry, l, i); k != nil {
					los = append(los, symex.Limit{V: k})
				}
				for _, lo := range los {
					for _, sh := range shapes(h.entry, l, i) {
						f := symex.ArrayFact{Base: sh.base, Elem: sh.elem, Lo: lo, Hi: symex.Limit{V: i}, Const: sh.konst, Src: sh.src}
						add(ArrayInv{F: f, Exit: exit})
					}
				}
			}
		}
	}
	for _, iv := range h.prevInv {
		a, ok := iv.(ArrayInv)
		if !ok {
			continue
		}
		if a.Exit != nil {
			f := a.F
			f.Hi = *a.Exit
			add(ArrayInv{F: f})
			continue
		}
		add(ArrayInv{F: a.F})
	}
	return out
}

// arrayWork and arrayBudget bound the array proofs of one loop, as
// roundWork and roundBudget bound a round: most are a few small queries.
const (
	arrayWork   = 5_000_000
	arrayBudget = 5 * time.Second
)

// maxArrayRounds bounds the consecution rounds (each drops a candidate).
const maxArrayRounds = 16

// proveArrays returns the array candidates that hold at the first arrival
// at the head and are preserved by an iteration, the soundness conditions
// of the package (doc.go) with the quantifier read as "at a fresh index
// k": a failure at some index is a failure at k. The hypothesis is
// instantiated at every index the iteration reads (symex.ArrayFact).
func (h *houdini) proveArrays(extra ...ArrayInv) ([]Invariant, error) {
	b := smt.NewBuilder()
	h1, err := h.entryState(b)
	if err != nil {
		return nil, err
	}
	var cands []ArrayInv
	res, err := h.check(h1.Guard, func(m smt.Model) { cands = h.arrayCandidates(m, headVal(h1)) })
	if err != nil || res != smt.Sat {
		return nil, fmt.Errorf("no entry state (%v %v)", res, err)
	}
	cands = append(cands, extra...)
	if len(cands) == 0 {
		return nil, nil
	}
	// Initiation, each on its own: few candidates, and a model of one
	// failure says nothing about the others.
	var init []ArrayInv
	for _, c := range cands {
		if h.holdsAt(b, h1, h1.Guard, c) {
			init = append(init, c)
		}
	}
	cands = init
	for round := 0; len(cands) > 0; round++ {
		if round == maxArrayRounds {
			return nil, fmt.Errorf("arrays: too many rounds")
		}
		kept, err := h.arrayStep(cands)
		if err != nil {
			return nil, err
		}
		if len(kept) == len(cands) {
			var out []Invariant
			for _, c := range cands {
				out = append(out, c)
			}
			return out, nil
		}
		cands = kept
	}
	return nil, nil
}

// holdsAt reports whether c holds at arrival hs under guard, at a fresh
// index (so at all): unsatisfiable negation, no answer counts as no.
func (h *houdini) holdsAt(b *smt.Builder, hs symex.HeadState, guard *smt.Term, c ArrayInv) bool {
	if hs.IndexSort() == nil {
		return false
	}
	k := b.Fresh("arrk", hs.IndexSort())
	t := hs.Fact(c.F, k)
	if t == nil {
		return false
	}
	res, err := h.check(b.And(guard, b.Not(t)), nil)
	return err == nil && res == smt.Unsat
}

// arrayStep runs one iteration from a head where cands (and the proven
// invariants) hold and returns the candidates that hold at the next
// arrival. The loops before this one are skipped (symex.Induction.Skip)
// when they can be: the head state then does not depend on how many
// times they ran.
func (h *houdini) arrayStep(cands []ArrayInv) ([]ArrayInv, error) {
	l := h.loop.Loop
	facts := ArrayFacts(h.proven)
	for _, c := range cands {
		facts = append(facts, c.F)
	}
	var err error
	for _, skip := range []bool{true, false} {
		b := smt.NewBuilder()
		step := &symex.Induction{Loop: l, Bounds: h.loop.Bounds, Assume: Assumptions(h.proven), Arrays: facts, Skip: skip}
		var seq *symex.Equation
		seq, err = symex.Run(h.ctx, h.p, b, symex.Options{Unwind: 1, Entry: h.entry.Name, Induction: step})
		if err != nil {
			continue
		}
		if len(step.Heads) == 0 {
			return nil, fmt.Errorf("arrays: the head is not reached")
		}
		// Paths cut by an unwinding bound are not covered by the query.
		res, cerr := h.check(b.Or(relevantRange(seq, h.entry, 0, l.Latch+1)...), nil)
		if cerr != nil || res != smt.Unsat {
			err = fmt.Errorf("arrays: an iteration is not within one unwinding (%v %v)", res, cerr)
			continue
		}
		if len(step.Heads) < 2 {
			return cands, nil // the loop never comes back to its head
		}
		h2 := step.Heads[1]
		var kept []ArrayInv
		for _, c := range cands {
			if h.holdsAt(b, h2, h2.Guard, c) {
				kept = append(kept, c)
			}
		}
		return kept, nil
	}
	return nil, err
}

// arrayRound marks the array invariants among a Generator's: they are
// proved before round 1 and belong to every round (Through(l, 0) too).
const arrayRound = -1

// WaitArrays waits until the array invariants are proved (or the
// generator stopped, or ctx ended): Through(l, 0) then has them.
func (g *Generator) WaitArrays(ctx context.Context) {
	select {
	case <-g.arrays:
	case <-ctx.Done():
	}
}

// arrayInvariants proves the array invariants of every loop in order
// (each loop's base uses those of the loop before) and publishes them
// with arrayRound.
func (g *Generator) arrayInvariants(ctx context.Context) {
	carried := false
	for _, l := range g.loops {
		if ctx.Err() != nil {
			return
		}
		if i, _ := counter(g.entry, l.Loop); !carried && (i == nil || len(shapes(g.entry, l.Loop, i)) == 0) {
			continue // nothing to try: no symbolic execution for it
		}
		lctx, cancel := ctx, context.CancelFunc(func() {})
		var share *smt.Meter
		if g.work.Limited() {
			if g.work.Left() <= 0 {
				return
			}
			share = g.work.Sub(min(g.work.Left(), arrayWork))
		} else {
			lctx, cancel = context.WithTimeout(ctx, arrayBudget)
			if g.work != nil {
				share = g.work.Sub(0)
			}
		}
		h, err := g.houdiniFor(lctx, l.Loop, 1, false)
		if err != nil {
			cancel()
			continue
		}
		h.solver = meteredSolver(h.solver, share)
		h.prevFirst = true
		got, err := h.proveArrays()
		cancel()
		carried = len(got) > 0
		if err != nil {
			g.note(fmt.Sprintf("loop at %s, arrays: %v", l.Loop.Pos, err))
			continue
		}
		if len(got) > 0 {
			g.note(fmt.Sprintf("loop at %s, arrays: %d invariants", l.Loop.Pos, len(got)))
			g.publish(l.Loop, got, arrayRound)
		}
	}
}
