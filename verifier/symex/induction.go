package symex

import (
	"fmt"
	"math"
	"math/big"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
)

// Induction asks for the inductive step of k-induction for Loop, a loop
// of the entry function, with k = Options.Unwind:
//
//   - the code before the loop runs as usual, its assertions assumed (the
//     base case checked them);
//   - at the loop head, everything the loop can write is havocked: the
//     state is any state that agrees with the prefix on what the loop
//     leaves alone, constrained only by Bounds (loop-head invariants);
//   - iterations 1..k run with their assertions assumed; iteration k+1 and
//     everything after the loop are checked; paths still in the loop after
//     k+1 iterations are cut;
//   - every other loop (and recursion) keeps its unwinding checks, which
//     must all fail to be satisfiable for the step to count.
//
// With the base case (BMC(k) finds no violation), an unsatisfiable
// inductive step proves every assertion: take the first failure of any
// execution. If it comes within the first k iterations of the loop, with
// every other loop within its bound, BMC(k) sees it. Otherwise the k
// iterations before it (or before the loop's exit) are failure-free and
// start from a state the havoc covers, so the inductive step sees it. The
// argument needs the loop to be entered at most once per execution and
// only through its head: Run refuses loops for which it cannot show that.
type Induction struct {
	Loop *ir.Loop
	// Bounds are invariants known to hold at the loop head in every
	// execution (from a sound analysis), assumed after the havoc and at
	// every later arrival at the head.
	Bounds []Bound
	// Assume are further loop-head invariants, assumed like Bounds: each
	// builds its condition from the values of the entry's registers (val
	// returns nil for a variable that is not one; the predicate must then
	// return nil and is left out).
	Assume []func(b *smt.Builder, val func(*ir.Var) *smt.Term) *smt.Term
	// Arrays are loop-head invariants over arrays, assumed at the first
	// arrival for the arrays the havoc made fresh (see ArrayFact).
	Arrays []ArrayFact
	// Skip jumps from the head of the entry's first loop before Loop
	// straight to Loop's head, havocking what the code between writes:
	// the loops before Loop are not unwound, so they may be unbounded.
	// That code must not call, allocate, check or jump out (the run
	// fails otherwise); its assertions would go unchecked.
	Skip bool
	// HavocAll havocs every register of the entry and every global and
	// writable object at the head, not only what the loop writes: the step
	// then starts from a state independent of the code before the loop.
	HavocAll bool
	// Zero is the step with k = 0: no iteration is assumed, the first is
	// checked (with the code after the loop). With HavocAll and
	// invariants that hold at every arrival, it proves what the
	// invariants imply, whatever came before the loop.
	Zero bool
	// Forward turns the run into the forward search of bkind: no havoc,
	// every assertion assumed (the base case checks them), and the walk
	// cut at the (k+1)-th arrival at the head, so Heads lists the head
	// states the base case BMC(k) reaches (at most k iterations behind).
	Forward bool
	// Names prefixes the names of the run's inputs, so that the inputs of
	// two runs on one builder stay apart (bkind conjoins a forward and a
	// backward run).
	Names string
	// Observe, a loop of the entry after Loop, asks for the state at its
	// first arrival in Observed (Observe must be entered only through its
	// head: the first arrival is then every entry into it, merged). The
	// walk ends there.
	Observe  *ir.Loop
	Observed []HeadState
	// Heads is filled in by Run: the states at the head, one per arrival,
	// after the havoc and the assumed invariants (the first is the
	// arbitrary state the inductive step starts from).
	Heads []HeadState
}

// HeadState is the symbolic state at one arrival at the loop head.
type HeadState struct {
	Guard *smt.Term // the executions that arrive
	// Inputs is how many inputs the walk had created before the arrival.
	Inputs int
	// Vals maps the entry's variables (and globals) and memory objects to
	// their values; keys are comparable between runs of one program.
	Vals map[StateKey]*smt.Term
	view *headView // for Fact
}

// StateKey names a register (V in the activation Frame) or a memory
// object (Obj > 0).
type StateKey struct {
	V     *ir.Var
	Frame int
	Obj   int
}

// Bound says Lo <= V <= Hi (in V's signedness) at the loop head, or, for
// a float or double V, FLo <= V <= FHi in IEEE order (-0 == +0), or V is
// a NaN when NaN is set.
type Bound struct {
	V      *ir.Var
	Lo, Hi *big.Int
	// FLo and FHi bound a float or double V (±Inf: no bound; FLo > FHi:
	// no number); Lo and Hi are then unused.
	FLo, FHi float64
	NaN      bool
}

type inductionState struct {
	loop    *ir.Loop
	bounds  []Bound
	frame   int  // the entry's activation
	entered bool // the walk has reached the head (and havocked)
	iter    int  // the current iteration, from 1
	k       int
	pc      int // where the entry's walk is (calls run at their pc)
	writes  writeSet
	in      *Induction
	// skipFrom is where Skip jumps from (-1: nowhere); skipped says it
	// has.
	skipFrom int
	skipped  bool
	// fresh are the arrays the havocs created (facts attach to them).
	fresh map[uint64]bool
}

// inputName names the next input; an induction run may prefix it.
func (x *executor) inputName() string {
	pre := ""
	if x.ind != nil {
		pre = x.ind.in.Names
	}
	return fmt.Sprintf("%snondet%d", pre, len(x.eq.Inputs))
}

// assumeAsserts reports whether assertions executed now are assumed: those
// before the loop and those of iterations 1..k. Where the walk is decides,
// not what it has done: code after the loop is checked even when every
// path to it skipped the loop.
func (s *inductionState) assumeAsserts() bool {
	switch {
	case s.in.Forward:
		return true
	case s.pc < s.loop.Head:
		return true
	case s.pc <= s.loop.Latch:
		return s.iter <= s.k
	}
	return false
}

// writeSet is what a stretch of code may write: variables (as roots of
// lvalues) and, when indirect, any memory at all.
type writeSet struct {
	vars     map[*ir.Var]bool
	indirect bool
}

// startInduction validates the loop and prepares the havoc.
func (x *executor) startInduction(entry *ir.Function, in *Induction) error {
	l := in.Loop
	if l == nil || l.Head < 0 || l.Latch >= len(entry.Body) {
		return fmt.Errorf("induction: no such loop")
	}
	if err := simpleLoop(entry, l); err != nil {
		return fmt.Errorf("induction: loop at %s: %w", l.Pos, err)
	}
	if callsReach(x.p, entry, entry) {
		return fmt.Errorf("induction: %s is recursive", entry.Name)
	}
	ws := writeSet{vars: map[*ir.Var]bool{}}
	seen := map[*ir.Function]bool{}
	for pc := l.Head; pc <= l.Latch; pc++ {
		collectWrites(entry.Body[pc], &ws, seen)
	}
	if in.Observe != nil {
		if in.Observe.Head <= l.Latch {
			return fmt.Errorf("induction: the observed loop is not after the loop")
		}
		if err := simpleLoop(entry, in.Observe); err != nil {
			return fmt.Errorf("induction: loop at %s: %w", in.Observe.Pos, err)
		}
	}
	x.ind = &inductionState{loop: l, bounds: in.Bounds, k: x.opts.Unwind, writes: ws, in: in, skipFrom: -1, fresh: map[uint64]bool{}}
	if in.Skip {
		from, err := skipRegion(entry, l)
		if err != nil {
			return fmt.Errorf("induction: loop at %s: cannot skip to it: %w", l.Pos, err)
		}
		x.ind.skipFrom = from
	}
	if in.Zero {
		x.ind.k = 0
	}
	in.Heads, in.Observed = nil, nil
	return nil
}

// simpleLoop checks that l is entered only through its head, never re-entered
// by a jump from outside or around it, and left only forwards.
func simpleLoop(f *ir.Function, l *ir.Loop) error {
	for pc, in := range f.Body {
		g, ok := in.(*ir.Goto)
		if !ok || pc == l.Latch {
			continue
		}
		inS := l.Head <= pc && pc <= l.Latch
		inT := l.Head <= g.Target && g.Target <= l.Latch
		switch {
		case inS && !inT && g.Target < l.Head:
			return fmt.Errorf("a jump at %s leaves it backwards", g.Pos())
		case !inS && inT && g.Target != l.Head:
			return fmt.Errorf("a jump at %s enters its middle", g.Pos())
		case !inS && g.Target <= l.Head && pc > l.Latch:
			return fmt.Errorf("it lies inside the loop closed at %s", g.Pos())
		}
	}
	return nil
}

// callsReach reports whether target can be called from f's body.
func callsReach(p *ir.Program, f, target *ir.Function) bool {
	seen := map[*ir.Function]bool{}
	var visit func(g *ir.Function) bool
	visit = func(g *ir.Function) bool {
		for _, in := range g.Body {
			c, ok := in.(*ir.Call)
			if !ok || c.Fn == nil {
				continue
			}
			if c.Fn == target {
				return true
			}
			if !seen[c.Fn] {
				seen[c.Fn] = true
				if visit(c.Fn) {
					return true
				}
			}
		}
		return false
	}
	return visit(f)
}

// collectWrites adds what in (and what it calls) may write.
func collectWrites(in ir.Instr, ws *writeSet, seen map[*ir.Function]bool) {
	lhs := func(e ir.Expr) {
		if v := ir.RootVar(e); v != nil {
			ws.vars[v] = true
		} else {
			ws.indirect = true // through a pointer
		}
	}
	switch in := in.(type) {
	case *ir.Assign:
		lhs(in.Lhs)
	case *ir.Decl:
		ws.vars[in.V] = true
	case *ir.Call:
		if in.Result != nil {
			lhs(in.Result)
		}
		switch in.Builtin {
		case ir.BMemset, ir.BMemcpy, ir.BMemmove, ir.BFree, ir.BHavoc:
			ws.indirect = true
		}
		if in.Fn != nil && !seen[in.Fn] {
			seen[in.Fn] = true
			for _, callee := range in.Fn.Body {
				collectWrites(callee, ws, seen)
			}
		}
	}
}

// atInductionHead havocs the loop's writes on the first arrival and
// assumes the invariants on every arrival.
func (x *executor) atInductionHead(st *state, fr *frame) {
	ind := x.ind
	if ind.in.Forward {
		if !ind.entered {
			ind.entered, ind.iter = true, 1
		}
		x.recordHead(st, fr)
		return
	}
	defer x.recordHead(st, fr)
	if !ind.entered {
		ind.entered, ind.iter = true, 1
		for _, v := range sortedKeys(ind.writes.vars, func(a, b *ir.Var) int { return cmpVarKey(varKey{v: a}, varKey{v: b}) }) {
			if v.Kind != ir.Global && v.Func != fr.f {
				continue // a callee's local: fresh in every activation anyway
			}
			key := x.keyOf(fr, v)
			if x.inMem[v] {
				if id, ok := x.varObj[key]; ok {
					st.mem[id] = x.internalFresh(x.cellSort(x.objs[id].cell))
					ind.fresh[st.mem[id].ID()] = true
				}
				continue
			}
			st.regs[key] = x.internalFresh(x.sortOf(v.Type))
		}
		if ind.in.HavocAll {
			for _, key := range sortedKeys(st.regs, cmpVarKey) {
				v := st.regs[key]
				if key.v.Kind == ir.Global || key.frame == fr.id {
					st.regs[key] = x.internalFresh(v.Sort())
				}
			}
		}
		if ind.writes.indirect || ind.in.HavocAll {
			for id := 1; id < len(x.objs); id++ {
				if x.readOnly(id) {
					continue
				}
				st.mem[id] = x.internalFresh(x.cellSort(x.objs[id].cell))
				ind.fresh[st.mem[id].ID()] = true
				// The loop may free blocks too: their lifetimes are
				// part of the arbitrary state (pointer check).
				if _, ok := st.regs[x.goneKey(id)]; ok {
					st.regs[x.goneKey(id)] = x.internalFresh(smt.BVSort(8))
				}
			}
		}
	}
	for _, bd := range ind.bounds {
		key := x.keyOf(fr, bd.V)
		v, ok := st.regs[key]
		if !ok || x.inMem[bd.V] {
			continue
		}
		if ft, ok := bd.V.Type.(*ir.FloatType); ok {
			if c := x.floatBound(ft, v, bd); c != nil {
				st.guard = x.b.And(st.guard, c)
			}
			continue
		}
		it, ok := bd.V.Type.(*ir.IntType)
		if !ok {
			continue
		}
		lo := x.b.BVBig(it.Bits, toUnsigned(bd.Lo, it.Bits))
		hi := x.b.BVBig(it.Bits, toUnsigned(bd.Hi, it.Bits))
		var c *smt.Term
		if it.Signed {
			c = x.b.And(x.b.BVSle(lo, v), x.b.BVSle(v, hi))
		} else {
			c = x.b.And(x.b.BVUle(lo, v), x.b.BVUle(v, hi))
		}
		st.guard = x.b.And(st.guard, c)
	}
	val := func(v *ir.Var) *smt.Term {
		if x.inMem[v] || (v.Kind != ir.Global && v.Func != fr.f) {
			return nil
		}
		return st.regs[x.keyOf(fr, v)]
	}
	for _, a := range ind.in.Assume {
		if c := a(x.b, val); c != nil {
			st.guard = x.b.And(st.guard, c)
		}
	}
	if ind.iter == 1 {
		x.assumeArrayFacts(st, fr)
	}
}

// floatBound is bd's condition on v, a register of type ft, nil if it
// cannot be stated. The bounds are rounded outwards to ft's precision
// (they come from the interval analysis as float64s), so the condition
// admits every value the analysis does.
func (x *executor) floatBound(ft *ir.FloatType, v *smt.Term, bd Bound) *smt.Term {
	if ft.Bits != 32 && ft.Bits != 64 || !v.Sort().Equal(fpSort(ft)) || math.IsNaN(bd.FLo) || math.IsNaN(bd.FHi) {
		return nil
	}
	num := x.b.Not(x.b.FPIsNaN(v))
	switch {
	case bd.FLo > bd.FHi:
		num = x.b.False()
	default:
		if !math.IsInf(bd.FLo, -1) {
			num = x.b.And(num, x.b.FPLe(x.fpBound(ft, bd.FLo, -1), v))
		}
		if !math.IsInf(bd.FHi, 1) {
			num = x.b.And(num, x.b.FPLe(v, x.fpBound(ft, bd.FHi, 1)))
		}
	}
	if bd.NaN {
		return x.b.Or(x.b.FPIsNaN(v), num)
	}
	return num
}

// fpBound is f as a constant of ft, rounded outwards (see roundOut32).
func (x *executor) fpBound(ft *ir.FloatType, f float64, dir int) *smt.Term {
	if ft.Bits == 64 {
		return x.b.FPConst64(f)
	}
	return x.b.FPConst32(roundOut32(f, dir))
}

// roundOut32 is the float nearest f on dir's side (dir < 0: the greatest
// float <= f; dir > 0: the least >= f), which a float conversion (round
// to nearest) need not be.
func roundOut32(f float64, dir int) float32 {
	r := float32(f)
	switch {
	case dir < 0 && float64(r) > f:
		r = math.Nextafter32(r, float32(math.Inf(-1)))
	case dir > 0 && float64(r) < f:
		r = math.Nextafter32(r, float32(math.Inf(1)))
	}
	return r
}

// observe records the state at the first arrival at the observed loop.
func (x *executor) observe(st *state, fr *frame, pc int) {
	in := x.ind.in
	if in.Observe == nil || pc != in.Observe.Head || len(in.Observed) > 0 {
		return
	}
	in.Observed = append(in.Observed, x.snapshotHead(st, fr))
	// Nothing after it is asked for: the loops after would only be
	// unrolled for nothing (all of a loop with a fixed count).
	st.guard = x.b.False()
}

// recordHead appends st to the induction's head states.
func (x *executor) recordHead(st *state, fr *frame) {
	x.ind.in.Heads = append(x.ind.in.Heads, x.snapshotHead(st, fr))
}

func (x *executor) snapshotHead(st *state, fr *frame) HeadState {
	h := HeadState{Guard: st.guard, Inputs: len(x.eq.Inputs), Vals: map[StateKey]*smt.Term{}}
	for key, v := range st.regs {
		if key.v.Kind == ir.Global || key.frame == fr.id {
			h.Vals[StateKey{V: key.v, Frame: key.frame}] = v
		}
	}
	for id, v := range st.mem {
		h.Vals[StateKey{Obj: id}] = v
	}
	h.view = x.snapshotView(st, fr)
	return h
}

func toUnsigned(v *big.Int, bits int) *big.Int {
	if v.Sign() >= 0 {
		return v
	}
	return new(big.Int).Add(v, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
}

// readOnly reports whether object id is a string literal (never written).
func (x *executor) readOnly(id int) bool {
	for key, oid := range x.varObj {
		if oid == id {
			return key.v.ReadOnly
		}
	}
	return false
}

// inductionLatch handles the loop's backward goto: back to the head for
// iterations up to k+1, then the paths still in the loop are cut. It
// returns the state and the next instruction.
func (x *executor) inductionLatch(cur *state, fr *frame, g *ir.Goto, pending map[int]*state) (*state, int) {
	ind := x.ind
	c := x.b.True()
	if g.Cond != nil {
		c = x.cond(cur, fr, g.Cond)
	}
	next := ind.loop.Latch + 1
	exit := cur.clone()
	exit.guard = x.b.And(cur.guard, x.b.Not(c))
	if !exit.guard.IsFalse() {
		pending[next] = x.merge(pending[next], exit)
	}
	stay := x.b.And(cur.guard, c)
	if ind.iter <= ind.k && !stay.IsFalse() {
		ind.iter++
		cur.guard = stay
		return cur, ind.loop.Head
	}
	cur.guard = x.b.False()
	return cur, next
}
