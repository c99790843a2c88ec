package invariant

import (
	"context"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/symex"
)

// This file is seed 001's property-directed strengthening: when
// k-induction's step fails, its counterexample to induction (CTI) — a
// head state from which k iterations lead to a failure — is generalized
// to a cube of states, and the negation of the cube, a Clause, becomes a
// proof obligation. When the obligation is proved invariant (the same
// initiation and consecution checks as every template candidate, relative
// to the invariants already known), it is published, and the next step
// assumes it.
//
// The seed lifts the CTI by Craig interpolation, which Z3 no longer
// offers. We generalize the way IC3 does instead, over literals that
// bit-vector loops need: single bits (x & 4 == 4) and bounds (x >= 10) of
// the loop's registers. "down" shrinks a cube until no state outside it
// steps into it (each predecessor found drops the literals it violates)
// and no first arrival lies in it; "mic" then drops every literal it can.
// The result blocks not one state but a family: x odd, (x & 5) != 5,
// x < 0 || y > 0 — invariants no template family offers.

// litKind is the shape of a cube literal.
type litKind int

const (
	litBit litKind = iota // bit Bit of V is Set
	litGe                 // V >= C
	litLe                 // V <= C
)

// lit is one literal of a cube over a register, comparisons in the
// register's own signedness.
type lit struct {
	v    *ir.Var
	kind litKind
	bit  int
	set  bool
	c    *big.Int
}

func (l lit) build(b *smt.Builder, t *smt.Term) *smt.Term {
	it := l.v.Type.(*ir.IntType)
	switch l.kind {
	case litBit:
		one := uint64(0)
		if l.set {
			one = 1
		}
		return b.Eq(b.Extract(l.bit, l.bit, t), b.BVUint(1, one))
	case litGe:
		c := b.BVBig(it.Bits, toUnsigned(l.c, it.Bits))
		if it.Signed {
			return b.BVSle(c, t)
		}
		return b.BVUle(c, t)
	default:
		c := b.BVBig(it.Bits, toUnsigned(l.c, it.Bits))
		if it.Signed {
			return b.BVSle(t, c)
		}
		return b.BVUle(t, c)
	}
}

// holds evaluates the literal on a value in the register's signedness.
func (l lit) holds(v *big.Int) bool {
	it := l.v.Type.(*ir.IntType)
	switch l.kind {
	case litBit:
		return (toUnsigned(v, it.Bits).Bit(l.bit) == 1) == l.set
	case litGe:
		return v.Cmp(l.c) >= 0
	default:
		return v.Cmp(l.c) <= 0
	}
}

// Clause is the negation of a cube of literals: a blocked set of head
// states.
type Clause struct {
	cube []lit
}

// Build is ¬(l1 ∧ … ∧ ln) over the values val gives.
func (c Clause) Build(b *smt.Builder, val func(*ir.Var) *smt.Term) *smt.Term {
	var conj []*smt.Term
	for _, l := range c.cube {
		t := val(l.v)
		if !usable(l.v, t) {
			return nil
		}
		conj = append(conj, l.build(b, t))
	}
	return b.Not(b.And(conj...))
}

// String prints the clause as a C expression: per variable, the bits as
// one mask test, then the bounds, joined by ||.
func (c Clause) String() string {
	type bits struct{ mask, val *big.Int }
	byVar := map[*ir.Var]*bits{}
	var order []*ir.Var
	var parts []string
	for _, l := range c.cube {
		if l.kind != litBit {
			continue
		}
		bs := byVar[l.v]
		if bs == nil {
			bs = &bits{new(big.Int), new(big.Int)}
			byVar[l.v] = bs
			order = append(order, l.v)
		}
		bs.mask.SetBit(bs.mask, l.bit, 1)
		if l.set {
			bs.val.SetBit(bs.val, l.bit, 1)
		}
	}
	for _, v := range order {
		bs := byVar[v]
		if bs.mask.BitLen() == int(bs.mask.TrailingZeroBits())+1 {
			// One bit: say which value it must have.
			flip := new(big.Int).Xor(bs.mask, bs.val)
			parts = append(parts, fmt.Sprintf("(%s & %#x) == %#x", v.Source, bs.mask, flip))
			continue
		}
		parts = append(parts, fmt.Sprintf("(%s & %#x) != %#x", v.Source, bs.mask, bs.val))
	}
	for _, l := range c.cube {
		switch l.kind {
		case litGe:
			parts = append(parts, fmt.Sprintf("%s < %s", l.v.Source, cConst(l.v, l.c)))
		case litLe:
			parts = append(parts, fmt.Sprintf("%s > %s", l.v.Source, cConst(l.v, l.c)))
		}
	}
	if len(parts) == 0 {
		return "0"
	}
	return strings.Join(parts, " || ")
}

// CExpr is String when every variable has a name at the head: the masks and
// bounds are exact in C (a bit test survives the integer promotions).
func (c Clause) CExpr() string {
	for _, l := range c.cube {
		if _, ok := CName(l.v); !ok {
			return ""
		}
	}
	return c.String()
}

// cConst writes c as a C constant of v's type's signedness.
func cConst(v *ir.Var, c *big.Int) string {
	it := v.Type.(*ir.IntType)
	if !it.Signed {
		return c.String() + "u"
	}
	if min := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(it.Bits-1))); c.Cmp(min) == 0 {
		return fmt.Sprintf("(%s - 1)", new(big.Int).Add(c, big.NewInt(1)))
	}
	return c.String()
}

// usable reports whether t is v's register value as a bit-vector of v's
// width (what literals are built over).
func usable(v *ir.Var, t *smt.Term) bool {
	it, ok := v.Type.(*ir.IntType)
	return ok && t != nil && t.Sort().IsBV() && t.Sort().Width() == it.Bits && it.Bits <= 64
}

// maxCubeLits bounds the literals of a blocked cube (the invariants that
// pay off speak of a bit or two and a bound).
const maxCubeLits = 4

// maxBlockQueries bounds the solver calls of one Block: generalizing a
// CTI over a few 32-bit registers takes a few hundred.
const maxBlockQueries = 600

// Block tries to prove, for l's head, an invariant that excludes cti (a
// counterexample to induction: the registers' values, by variable, as bit
// patterns). It returns the invariant, published for Current, or an error
// saying why none was found (a CTI that is reachable cannot be blocked).
func (g *Generator) Block(ctx context.Context, l *ir.Loop, cti map[*ir.Var]smt.BitVec) (Invariant, error) {
	return g.BlockWork(ctx, l, cti, nil, Rounds())
}

// BlockWork is Block with its solver checks bounded by and charged to work
// (nil: none), building on the invariants of rounds 1 to through and those
// blocked before: with through from WaitRound, the same on every run. The
// generator's rounds do not use what Block proves.
func (g *Generator) BlockWork(ctx context.Context, l *ir.Loop, cti map[*ir.Var]smt.BitVec, work *smt.Meter, through int) (Invariant, error) {
	h, err := g.houdiniFor(ctx, l, through, true)
	if err != nil {
		return nil, err
	}
	h.solver = meteredSolver(h.solver, work)
	b := smt.NewBuilder()
	h1, err := h.entryState(b)
	if err != nil {
		return nil, err
	}
	step := &symex.Induction{Loop: l, Bounds: h.loop.Bounds, Assume: Assumptions(h.proven), Names: "blk_"}
	if _, err := symex.Run(ctx, g.p, b, symex.Options{Unwind: 1, Entry: g.entry.Name, Induction: step}); err != nil {
		return nil, err
	}
	if len(step.Heads) < 2 {
		return nil, fmt.Errorf("the loop does not come back to its head")
	}
	gz := &generalizer{h: h, b: b, init: h1, pre: step.Heads[0], post: step.Heads[1]}
	written := h.written()
	v0, v1, v2 := headVal(h1), headVal(gz.pre), headVal(gz.post)
	var cube []lit
	for _, v := range h.vars() {
		bv, ok := cti[v]
		if !ok || !written[v] || !usable(v, v0(v)) || !usable(v, v1(v)) || !usable(v, v2(v)) || bv.Width() != v.Type.(*ir.IntType).Bits {
			continue
		}
		gz.vars = append(gz.vars, v)
		it := v.Type.(*ir.IntType)
		val := bv.Big()
		if it.Signed {
			val = bv.SignedBig()
		}
		cube = append(cube, lit{v: v, kind: litGe, c: val}, lit{v: v, kind: litLe, c: val})
		for i := it.Bits - 1; i >= 0; i-- {
			cube = append(cube, lit{v: v, kind: litBit, bit: i, set: bv.Bit(i)})
		}
	}
	if len(cube) == 0 {
		return nil, fmt.Errorf("the CTI has no integer register the loop writes")
	}
	c, ok := gz.down(cube)
	if !ok {
		return nil, fmt.Errorf("the CTI cannot be blocked (%d solver calls)", gz.queries)
	}
	c = gz.mic(c)
	if len(c) > maxCubeLits {
		// A long cube blocks a handful of states: proving it costs what a
		// useful invariant does, and every later step would carry it.
		return nil, fmt.Errorf("the CTI generalizes to %d literals only (%s)", len(c), Clause{cube: c})
	}
	cl := Clause{cube: c}
	proved, _, err := h.prove(b, h1, []Invariant{cl})
	if err != nil {
		return nil, fmt.Errorf("blocking %s: %w", cl, err)
	}
	if len(proved) == 0 {
		return nil, fmt.Errorf("blocking %s: not inductive", cl)
	}
	g.publish(l, proved, 0)
	return cl, nil
}

// houdiniFor sets up the checks for l as a round of Start would, with the
// invariants of rounds 1 to through known (and Block's if blocked).
func (g *Generator) houdiniFor(ctx context.Context, l *ir.Loop, through int, blocked bool) (*houdini, error) {
	for i := range g.loops {
		if g.loops[i].Loop != l {
			continue
		}
		h := &houdini{ctx: ctx, p: g.p, entry: g.entry, loop: g.loops[i], solver: g.solver, proven: g.invs(l, through, blocked)}
		if i > 0 && g.loops[i-1].Loop.Latch < l.Head {
			h.prev, h.prevInv = &g.loops[i-1], g.invs(g.loops[i-1].Loop, through, blocked)
		}
		return h, nil
	}
	return nil, fmt.Errorf("loop at %s: not one of the generator's", l.Pos)
}

// generalizer shrinks cubes against one unwinding of the loop: init is
// the first arrival at the head, pre and post two consecutive arrivals of
// the inductive step (known invariants assumed at both).
type generalizer struct {
	h               *houdini
	b               *smt.Builder
	init, pre, post symex.HeadState
	vars            []*ir.Var
	queries         int
}

func (g *generalizer) cube(c []lit, hs symex.HeadState) *smt.Term {
	val := headVal(hs)
	var conj []*smt.Term
	for _, l := range c {
		conj = append(conj, l.build(g.b, val(l.v)))
	}
	return g.b.And(conj...)
}

// check counts and runs one query; Unknown and errors count as Sat (the
// cautious answer for every question asked here).
func (g *generalizer) check(goal *smt.Term, use func(smt.Model)) bool {
	g.queries++
	res, err := g.h.check(goal, use)
	return err != nil || res != smt.Unsat
}

func (g *generalizer) spent() bool {
	return g.queries >= maxBlockQueries || g.h.ctx.Err() != nil
}

// down shrinks c until ¬c is inductive relative to the known invariants
// and no first arrival lies in c; false if c runs empty, reaches a first
// arrival, or the budget ends.
func (g *generalizer) down(c []lit) ([]lit, bool) {
	for {
		if len(c) == 0 || g.spent() {
			return nil, false
		}
		if g.check(g.b.And(g.init.Guard, g.cube(c, g.init)), nil) {
			return nil, false
		}
		var t map[*ir.Var]*big.Int
		// A state outside c whose iteration arrives inside.
		sat := g.check(g.b.And(g.post.Guard, g.b.Not(g.cube(c, g.pre)), g.cube(c, g.post)), func(m smt.Model) {
			t = map[*ir.Var]*big.Int{}
			val := headVal(g.pre)
			for _, v := range g.vars {
				x, err := m.Eval(val(v))
				if err != nil {
					t = nil
					return
				}
				if v.Type.(*ir.IntType).Signed {
					t[v] = x.BitVec().SignedBig()
				} else {
					t[v] = x.BitVec().Big()
				}
			}
		})
		if !sat {
			return c, true
		}
		if t == nil {
			return nil, false // unknown: no predecessor to learn from
		}
		var keep []lit
		for _, l := range c {
			if l.holds(t[l.v]) {
				keep = append(keep, l)
			}
		}
		if len(keep) == len(c) {
			return nil, false
		}
		c = keep
	}
}

// mic drops what it can from c (a cube down accepted): first whole
// variables, then bounds, then runs of high bits, then single bits,
// keeping each drop down accepts.
func (g *generalizer) mic(c []lit) []lit {
	var groups [][]lit
	for _, v := range g.vars {
		var all, bounds, bits []lit
		for _, l := range c {
			if l.v != v {
				continue
			}
			all = append(all, l)
			if l.kind == litBit {
				bits = append(bits, l)
			} else {
				bounds = append(bounds, l)
			}
		}
		if len(all) == 0 {
			continue
		}
		groups = append(groups, all)
		for _, l := range bounds {
			groups = append(groups, []lit{l})
		}
		// Bits are listed from the highest: halves, quarters, … of the
		// high end first (most invariants speak of the low bits).
		sort.Slice(bits, func(i, j int) bool { return bits[i].bit > bits[j].bit })
		for n := len(bits) / 2; n >= 2; n /= 2 {
			groups = append(groups, bits[:n])
		}
		for _, l := range bits {
			groups = append(groups, []lit{l})
		}
	}
	for _, grp := range groups {
		if g.spent() {
			break
		}
		drop := map[lit]bool{}
		for _, l := range grp {
			drop[l] = true
		}
		var rest []lit
		for _, l := range c {
			if !drop[l] {
				rest = append(rest, l)
			}
		}
		if len(rest) == len(c) {
			continue // already gone
		}
		if d, ok := g.down(rest); ok {
			c = d
		}
	}
	return c
}
