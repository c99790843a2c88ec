package invariant

import (
	"context"
	"fmt"
	"math/big"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/symex"
)

// This file gives Houdini's second round candidates from the states the
// concrete runs of sample.go reach at the loop heads (DIG's linear half):
// the equalities of the null space of the states' values, the parity of
// a variable that never changes it, and inequalities a·x + b·y <= C with
// a, b in {±1, ±2} whose C is the largest value of a·x + b·y seen — the
// bounds a template cannot find, whose constant is no entry value (2n - i
// <= 1 is 0 at the entry). The same over the states where a guard over a
// variable the loop does not write holds gives the Guarded candidates
// (flag != 0 → a == b). Samples prove nothing: every candidate is checked
// by Houdini like the templates' (base case and one iteration), and a
// candidate true on small inputs only is dropped there.

const (
	// headKeepFirst and headKeepLast are the visits of a head kept per
	// run: its first ones and its last ones (the states where a loop's
	// bounds are reached are mostly its last).
	headKeepFirst = 8
	headKeepLast  = 8
	// headMaxRows bounds the distinct states kept per loop.
	headMaxRows = 400
	// headMinRows is the fewest states (over a guard too) that give
	// candidates: on fewer, every bound looks tight.
	headMinRows = 6
	// headMaxIneqs bounds the inequalities of one set of states: the
	// pairs grow as n², and each candidate is in every Houdini query.
	headMaxIneqs = 32
	// headMaxGuards bounds the guards (each polarity counts) and
	// headMaxGuarded the candidates under each.
	headMaxGuards  = 6
	headMaxGuarded = 12
	// headMaxEqCoef and headMaxEqVars bound the equalities taken from
	// the null space: larger ones are mostly artefacts of few samples,
	// and Pred.CExpr must not overflow long long.
	headMaxEqCoef = 16
	headMaxEqVars = 4
)

// headSamples are the distinct states seen at a loop's head over vars.
type headSamples struct {
	vars []*ir.Var
	rows [][]int64
	// known[r] has bit i set when variable i has a usable value in row
	// r: a register, small enough not to have wrapped (b - i wraps below
	// 0 on the flag == 0 runs of a loop whose invariant under flag != 0
	// needs b).
	known []uint64
	seen  map[string]bool
}

// sampleHeads runs entry on small inputs and collects the states at the
// heads of loops over the variables vars gives each; nil if the
// interpreter failed.
func sampleHeads(ctx context.Context, p *ir.Program, entry *ir.Function, loops []*ir.Loop, vars map[*ir.Loop][]*ir.Var) map[*ir.Loop]*headSamples {
	heads := map[int]*ir.Loop{}
	var pcs []int
	out := map[*ir.Loop]*headSamples{}
	for _, l := range loops {
		if heads[l.Head] != nil || len(vars[l]) == 0 {
			continue
		}
		heads[l.Head] = l
		pcs = append(pcs, l.Head)
		vs := vars[l]
		if len(vs) > 64 {
			vs = vs[:64]
		}
		out[l] = &headSamples{vars: vs, seen: map[string]bool{}}
	}
	if len(pcs) == 0 {
		return nil
	}
	type row struct {
		vals  []int64
		known uint64
	}
	first := map[*ir.Loop][]row{}
	last := map[*ir.Loop][]row{}
	count := map[*ir.Loop]int{}
	start := func() {
		first, last, count = map[*ir.Loop][]row{}, map[*ir.Loop][]row{}, map[*ir.Loop]int{}
	}
	observe := func(pc int, value func(*ir.Var) (uint64, bool)) {
		l := heads[pc]
		if l == nil {
			return
		}
		s := out[l]
		row := row{vals: make([]int64, len(s.vars))}
		for i, v := range s.vars {
			bits, ok := value(v)
			if x, small := intOf(bits, v.Type.(*ir.IntType)); ok && small {
				row.vals[i] = x
				row.known |= 1 << uint(i)
			}
		}
		n := count[l]
		count[l]++
		switch {
		case n < headKeepFirst:
			first[l] = append(first[l], row)
		case len(last[l]) < headKeepLast:
			last[l] = append(last[l], row)
		default:
			last[l][(n-headKeepFirst)%headKeepLast] = row
		}
	}
	end := func() {
		for _, l := range loops {
			s := out[l]
			if s == nil {
				continue
			}
			for _, r := range append(first[l], last[l]...) {
				if k := rowKey(append(r.vals, int64(r.known))); !s.seen[k] && len(s.rows) < headMaxRows {
					s.seen[k] = true
					s.rows = append(s.rows, r.vals)
					s.known = append(s.known, r.known)
				}
			}
		}
	}
	if !runSamples(ctx, p, entry, pcs, start, observe, end) {
		return nil
	}
	return out
}

// sampledCands are a loop's candidates from samples: eqs (equalities and
// parities, each checked cheaply) and ineqs (the inequalities, many of
// them, which together can make a solver's induction check hard).
type sampledCands struct {
	eqs, ineqs []Invariant
}

// candidates are the invariants the states suggest: over all of them,
// then under each guard (and its negation) that splits them, those that
// the guard makes new.
func (s *headSamples) candidates(written map[*ir.Var]bool, bounds []symex.Bound, guards []Atom) sampledCands {
	all := make([]int, len(s.rows))
	for r := range all {
		all[r] = r
	}
	out := s.linear(all, written, bounds, nil)
	plain := map[string]bool{}
	for _, c := range append(append([]Invariant(nil), out.eqs...), out.ineqs...) {
		plain[c.String()] = true
	}
	col := map[*ir.Var]int{}
	for i, v := range s.vars {
		col[v] = i
	}
	nguards := 0
	for _, a := range guards {
		i, ok := col[a.V]
		if !ok || written[a.V] {
			continue // a written guard is no longer one value per execution
		}
		for _, g := range []Atom{a, a.Not()} {
			if nguards == headMaxGuards {
				return out
			}
			var rows []int
			split := false
			for r, vals := range s.rows {
				switch {
				case s.known[r]>>uint(i)&1 == 0:
				case g.holds(big.NewInt(vals[i])):
					rows = append(rows, r)
				default:
					split = true
				}
			}
			if len(rows) < headMinRows || !split {
				continue // too few states, or no split
			}
			nguards++
			under := s.linear(rows, written, bounds, a.V)
			for _, c := range under.eqs {
				if !plain[c.String()] {
					out.eqs = append(out.eqs, Guarded{G: g, P: c})
				}
			}
			n := 0
			for _, c := range under.ineqs {
				if plain[c.String()] {
					continue // holds on every state: the unguarded one says it
				}
				if n == headMaxGuarded {
					break
				}
				n++
				out.ineqs = append(out.ineqs, Guarded{G: g, P: c})
			}
		}
	}
	return out
}

// ineqPairs are the coefficient pairs of the sampled inequalities (one
// of each multiple: 2x + 2y is x + y).
var ineqPairs = [][2]int64{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {1, 2}, {1, -2}, {-1, 2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}}

// linear are the candidates of the rows sel over the variables known in
// all of them: the constants, the equalities of the null space, the
// constant parities, then the inequalities at their sampled maximum
// (those the intervals imply left out; a pair that never changes is an
// equality instead). guard, if not nil, is a variable the rows agree on
// a fact of, left out.
func (s *headSamples) linear(sel []int, written map[*ir.Var]bool, bounds []symex.Bound, guard *ir.Var) (out sampledCands) {
	var rows [][]int64
	known := ^uint64(0)
	for _, r := range sel {
		rows = append(rows, s.rows[r])
		known &= s.known[r]
	}
	if len(rows) < headMinRows {
		return out
	}
	var idx []int
	for i := range s.vars {
		if known>>uint(i)&1 == 1 {
			idx = append(idx, i)
		}
	}
	seen := map[string]bool{}
	add := func(c Invariant) bool {
		if guard != nil && alone(c, guard) {
			return false // a fact of the guard's variable is no news under it
		}
		if k := c.String(); !seen[k] {
			seen[k] = true
			if p, ok := c.(Pred); ok && p.Op == Le {
				out.ineqs = append(out.ineqs, c)
			} else {
				out.eqs = append(out.eqs, c)
			}
			return true
		}
		return false
	}
	var vary []int
	for _, i := range idx {
		constant := true
		for _, r := range rows {
			constant = constant && r[i] == rows[0][i]
		}
		if constant {
			add(Pred{Vars: []*ir.Var{s.vars[i]}, Coefs: []int64{1}, Op: Eq, C: big.NewInt(rows[0][i])})
			continue
		}
		vary = append(vary, i)
	}
	if len(rows) >= len(vary)+1+sampleMargin {
		m := make([][]*big.Int, len(rows))
		for r, row := range rows {
			m[r] = []*big.Int{big.NewInt(1)}
			for _, i := range vary {
				m[r] = append(m[r], big.NewInt(row[i]))
			}
		}
		if rankModP(m, len(vary)+1) < len(vary)+1 {
			for _, vec := range NullSpace(m, len(vary)+1) {
				if p, ok := s.equality(vec, vary); ok {
					add(p)
				}
			}
		}
	}
	for _, i := range vary {
		odd := rows[0][i]&1 == 1
		same := true
		for _, r := range rows {
			same = same && (r[i]&1 == 1) == odd
		}
		if same {
			add(parity(s.vars[i], odd))
		}
	}
	// maxOf is the largest Σ cs·x over rows, and whether it is the
	// smallest too (an equality, said already or refuted by the rows).
	maxOf := func(is []int, cs []int64) (*big.Int, bool) {
		var hi, lo int64
		for r, row := range rows {
			v := int64(0)
			for k, i := range is {
				v += cs[k] * row[i]
			}
			if r == 0 || v > hi {
				hi = v
			}
			if r == 0 || v < lo {
				lo = v
			}
		}
		return big.NewInt(hi), hi == lo
	}
	n := 0
	ineq := func(is []int, cs []int64) {
		c, constant := maxOf(is, cs)
		p := Pred{Op: Le, C: c, Coefs: cs}
		for _, i := range is {
			p.Vars = append(p.Vars, s.vars[i])
		}
		if constant {
			// j - i == 1 where the null space's basis has 2a - j == -1
			// and 2a - i == 0 (false once 2a wraps).
			if cs[0] > 0 {
				p.Op = Eq
				add(p)
			}
			return
		}
		if n == headMaxIneqs || impliedByBounds(p, bounds) {
			return
		}
		if len(is) == 2 {
			// A pair whose largest value is the sum of its terms' is no
			// tighter than their unary bounds (i + n >= 0 beside i >= 0
			// and n >= 0): it would only make the solver's work harder.
			x, _ := maxOf(is[:1], cs[:1])
			y, _ := maxOf(is[1:], cs[1:])
			if new(big.Int).Add(x, y).Cmp(c) == 0 {
				return
			}
		}
		if add(p) {
			n++
		}
	}
	for _, i := range vary {
		ineq([]int{i}, []int64{1})
		ineq([]int{i}, []int64{-1})
	}
	// Pairs of written variables first: a pair the loop leaves alone
	// says something about the entry only.
	for pass := 2; pass >= 1; pass-- {
		for a, i := range vary {
			for _, j := range vary[a+1:] {
				w := 0
				if written[s.vars[i]] {
					w++
				}
				if written[s.vars[j]] {
					w++
				}
				if w != pass {
					continue
				}
				for _, cs := range ineqPairs {
					ineq([]int{i, j}, cs[:])
				}
			}
		}
	}
	return out
}

// alone reports whether c is a Pred or Clause over v only.
func alone(c Invariant, v *ir.Var) bool {
	switch c := c.(type) {
	case Pred:
		for _, w := range c.Vars {
			if w != v {
				return false
			}
		}
		return true
	case Clause:
		for _, l := range c.cube {
			if l.v != v {
				return false
			}
		}
		return true
	}
	return false
}

// equality is the null vector vec (the constant first, then vary's
// variables) as a Pred, false if it is too large to be a likely
// invariant.
func (s *headSamples) equality(vec []*big.Int, vary []int) (Pred, bool) {
	p := Pred{Op: Eq, C: new(big.Int).Neg(vec[0])}
	for k, i := range vary {
		c := vec[k+1]
		if c.Sign() == 0 {
			continue
		}
		if c.CmpAbs(big.NewInt(headMaxEqCoef)) > 0 {
			return Pred{}, false
		}
		p.Vars = append(p.Vars, s.vars[i])
		p.Coefs = append(p.Coefs, c.Int64())
	}
	if len(p.Vars) == 0 || len(p.Vars) > headMaxEqVars {
		return Pred{}, false
	}
	if p.Coefs[0] < 0 {
		for k := range p.Coefs {
			p.Coefs[k] = -p.Coefs[k]
		}
		p.C.Neg(p.C)
	}
	return p, true
}

// impliedByBounds reports whether the intervals at the head bound p's sum
// by p.C already.
func impliedByBounds(p Pred, bounds []symex.Bound) bool {
	hi := new(big.Int)
	for k, v := range p.Vars {
		var bd *symex.Bound
		for i := range bounds {
			if bounds[i].V == v {
				bd = &bounds[i]
			}
		}
		if bd == nil || bd.Lo == nil || bd.Hi == nil {
			return false
		}
		end := bd.Hi
		if p.Coefs[k] < 0 {
			end = bd.Lo
		}
		hi.Add(hi, new(big.Int).Mul(big.NewInt(p.Coefs[k]), end))
	}
	return hi.Cmp(p.C) <= 0
}

// guardAtoms are the atoms v Rel c of the entry's branches, assertions
// and assumptions (a bare v tests v != 0) over its integer registers that
// the loop does not write: the cases a disjunctive invariant splits on
// (flag in "if (flag) assert(a == b)", k in "k < 0 || n == k").
func (h *houdini) guardAtoms(written map[*ir.Var]bool) []Atom {
	var out []Atom
	seen := map[string]bool{}
	add := func(v *ir.Var, rel Rel, c *big.Int) {
		it, ok := v.Type.(*ir.IntType)
		if !ok || it.Bits > 64 || v.AddrTaken || v.Kind == ir.Global || v.Func != h.entry || written[v] {
			return
		}
		a := Atom{V: v, Rel: rel, C: c}
		if k, n := a.String(), a.Not().String(); !seen[k] && !seen[n] {
			seen[k] = true
			out = append(out, a)
		}
	}
	rels := map[ir.BinOp]Rel{ir.Eq: RelEq, ir.Ne: RelNe, ir.Lt: RelLt, ir.Le: RelLe, ir.Gt: RelGt, ir.Ge: RelGe}
	swapped := map[Rel]Rel{RelEq: RelEq, RelNe: RelNe, RelLt: RelGt, RelLe: RelGe, RelGt: RelLt, RelGe: RelLe}
	truth := func(e ir.Expr) {
		if r, ok := e.(*ir.VarRef); ok {
			add(r.V, RelNe, new(big.Int))
		}
	}
	for _, in := range h.entry.Body {
		var cond ir.Expr
		switch in := in.(type) {
		case *ir.Goto:
			cond = in.Cond
		case *ir.Assert:
			cond = in.Cond
		case *ir.Assume:
			cond = in.Cond
		}
		if cond == nil {
			continue
		}
		truth(cond)
		ir.Inspect(cond, func(e ir.Expr) bool {
			switch e := e.(type) {
			case *ir.Unary:
				if e.Op == ir.LNot {
					truth(e.X)
				}
			case *ir.Binary:
				if e.Op == ir.LAnd || e.Op == ir.LOr {
					truth(e.X)
					truth(e.Y)
				}
				rel, ok := rels[e.Op]
				if !ok {
					break
				}
				x, xv := e.X.(*ir.VarRef)
				y, yv := e.Y.(*ir.VarRef)
				xc, xk := e.X.(*ir.Const)
				yc, yk := e.Y.(*ir.Const)
				switch {
				case xv && yk && sameInt(x.V.Type, yc.T):
					if c, ok := intVal(yc); ok {
						add(x.V, rel, c)
					}
				case yv && xk && sameInt(y.V.Type, xc.T):
					if c, ok := intVal(xc); ok {
						add(y.V, swapped[rel], c)
					}
				}
			}
			return true
		})
	}
	return out
}

// sampled are the candidates of each loop's sampled head states, for
// their round (computed once: the runs are deterministic).
func (g *Generator) sampled(ctx context.Context) map[*ir.Loop]sampledCands {
	vars := map[*ir.Loop][]*ir.Var{}
	var loops []*ir.Loop
	for _, l := range g.loops {
		h := &houdini{ctx: ctx, p: g.p, entry: g.entry, loop: l}
		vars[l.Loop] = h.vars()
		loops = append(loops, l.Loop)
	}
	samples := sampleHeads(ctx, g.p, g.entry, loops, vars)
	out := map[*ir.Loop]sampledCands{}
	for _, l := range g.loops {
		s := samples[l.Loop]
		if s == nil {
			continue
		}
		h := &houdini{ctx: ctx, p: g.p, entry: g.entry, loop: l}
		written := h.written()
		out[l.Loop] = s.candidates(written, l.Bounds, h.guardAtoms(written))
		g.note(fmt.Sprintf("loop at %s: %d equalities and %d inequalities from %d sampled states", l.Loop.Pos, len(out[l.Loop].eqs), len(out[l.Loop].ineqs), len(s.rows)))
	}
	return out
}

// sampledPass checks sampled candidates of l (what) with the invariants
// of the rounds before known, in a Houdini run of its own with a third
// of a round's work (ineqWork): a set that is too hard to prove
// inductive in time (many inequalities, or a + b == 3i over the
// integers, whose wrap-around reasoning a solver bit-blasts) then costs
// only itself. What it proves counts as round's.
func (g *Generator) sampledPass(ctx context.Context, l Loop, round int, what string, cands []Invariant, work *smt.Meter) {
	lctx := ctx
	var share *smt.Meter
	if work.Limited() {
		if work.Left() <= 0 {
			return
		}
		share = work.Sub(min(work.Left(), ineqWork))
	} else {
		var cancel context.CancelFunc
		lctx, cancel = context.WithTimeout(ctx, ineqBudget)
		defer cancel()
		if work != nil {
			share = work.Sub(0)
		}
	}
	h, _ := g.houdiniFor(lctx, l.Loop, round, false)
	h.solver = meteredSolver(h.solver, share)
	cands = withCarry(nil, cands, h.proven)
	b := smt.NewBuilder()
	h1, err := h.entryState(b)
	var got []Invariant
	if err == nil {
		got, _, err = h.prove(b, h1, cands)
	}
	if ctx.Err() != nil {
		return
	}
	if err != nil {
		g.note(fmt.Sprintf("loop at %s, round %d, %d sampled %s: %v (%d units)", l.Loop.Pos, round, len(cands), what, err, share.Used()))
		return
	}
	g.note(fmt.Sprintf("loop at %s, round %d, %d sampled %s: %d invariants (%d units)", l.Loop.Pos, round, len(cands), what, len(got), share.Used()))
	g.publish(l.Loop, got, round)
}

// ineqWork and ineqBudget bound one sampledPass: a third of a round
// (the step at k = 2 waits for it).
const (
	ineqWork   = roundWork / 3
	ineqBudget = roundBudget / 3
)
