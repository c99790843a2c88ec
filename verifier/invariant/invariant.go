package invariant

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/prbmc/prbmc/verifier/internal/guard"
	"github.com/prbmc/prbmc/verifier/interval"
	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/symex"
)

// Op is a predicate's relation.
type Op int

const (
	Eq Op = iota // sum == C
	Le           // sum <= C
)

// Invariant is a fact about the entry's registers at a loop head: a
// linear Pred of the template families or of samples (headsample.go), a
// Clause from blocking a counterexample to induction (strengthen.go) or
// a parity, a Guarded one of these, or a linear PolyInv the algebraic
// prover proved (StartSeeded).
type Invariant interface {
	// Build is the fact over the values val gives, nil if one is missing.
	Build(b *smt.Builder, val func(*ir.Var) *smt.Term) *smt.Term
	// String is the fact for people: sums over the integers.
	String() string
	// CExpr is the fact as a C expression with C's semantics (sums in long
	// long), or "" if it cannot be written exactly or a variable has no
	// unambiguous name at the head.
	CExpr() string
}

// Pred is Σ Coefs[i]·Vars[i] Op C over the integers (each variable read in
// its C signedness).
type Pred struct {
	Vars  []*ir.Var
	Coefs []int64
	Op    Op
	C     *big.Int
}

// String writes p as people read it: a sum over the integers, with a
// leading minus turned into >= (-x <= -1 is x >= 1).
func (p Pred) String() string {
	var sb strings.Builder
	flip := p.Op == Le && len(p.Coefs) > 0 && p.Coefs[0] < 0
	coefs := p.Coefs
	if flip {
		coefs = make([]int64, len(p.Coefs))
		for i, c := range p.Coefs {
			coefs[i] = -c
		}
	}
	var names []string
	for _, v := range p.Vars {
		names = append(names, v.Source)
	}
	writeSum(&sb, coefs, names, "*")
	op, k := " == ", p.C
	switch {
	case flip:
		op, k = " >= ", new(big.Int).Neg(p.C)
	case p.Op == Le:
		op = " <= "
	}
	return sb.String() + op + k.String()
}

// CExpr writes p with each variable cast to long long: no sum of at most
// four 32-bit values times 3 can overflow it. Wider variables: "".
func (p Pred) CExpr() string {
	var terms []string
	for _, v := range p.Vars {
		name, ok := CName(v)
		it, isInt := v.Type.(*ir.IntType)
		if !ok || !isInt || it.Bits > 32 {
			return ""
		}
		terms = append(terms, "(long long)"+name)
	}
	var sb strings.Builder
	writeSum(&sb, p.Coefs, terms, " * ")
	op := " == "
	if p.Op == Le {
		op = " <= "
	}
	return sb.String() + op + p.C.String() + "LL"
}

// writeSum writes Σ coefs[i]·terms[i] with the signs as operators
// ("x - 2*y"), times between a coefficient other than 1 and its term.
func writeSum(sb *strings.Builder, coefs []int64, terms []string, times string) {
	for i, t := range terms {
		c := coefs[i]
		switch {
		case i > 0 && c < 0:
			sb.WriteString(" - ")
			c = -c
		case i > 0:
			sb.WriteString(" + ")
		case c < 0:
			sb.WriteString("-")
			c = -c
		}
		if c != 1 {
			fmt.Fprintf(sb, "%d%s", c, times)
		}
		sb.WriteString(t)
	}
}

// CName is v's name in C at a loop head of its function: a source
// variable whose name no other variable of the function shares (a shadowed
// name could mean either).
func CName(v *ir.Var) (string, bool) {
	if v.Kind == ir.Temp || v.Source == "" || !isCIdent(v.Source) {
		return "", false
	}
	if v.Func != nil {
		for _, w := range v.Func.Locals {
			if w != v && w.Source == v.Source {
				return "", false
			}
		}
	}
	return v.Source, true
}

func isCIdent(s string) bool {
	for i, r := range s {
		if !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9') {
			return false
		}
	}
	return s != ""
}

// IntervalC writes lo <= v && v <= hi in C, "" if v has no name.
func IntervalC(v *ir.Var, lo, hi *big.Int) string {
	name, ok := CName(v)
	if _, isInt := v.Type.(*ir.IntType); !ok || !isInt {
		return ""
	}
	it := v.Type.(*ir.IntType)
	min, max := big.NewInt(0), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(it.Bits)), big.NewInt(1))
	if it.Signed {
		max.Rsh(max, 1)
		min.Neg(max).Sub(min, big.NewInt(1))
	}
	switch {
	case lo.Cmp(hi) == 0:
		return fmt.Sprintf("%s == %s", name, cConst(v, lo))
	case lo.Cmp(min) <= 0 && hi.Cmp(max) >= 0:
		return ""
	case hi.Cmp(max) >= 0:
		return fmt.Sprintf("%s >= %s", name, cConst(v, lo))
	case lo.Cmp(min) <= 0:
		return fmt.Sprintf("%s <= %s", name, cConst(v, hi))
	}
	return fmt.Sprintf("%s <= %s && %s <= %s", cConst(v, lo), name, name, cConst(v, hi))
}

// BoundC writes bd as a C condition, "" if it says nothing a reader
// needs or v has no name.
func BoundC(bd symex.Bound) string {
	if _, ok := bd.V.Type.(*ir.FloatType); !ok {
		return IntervalC(bd.V, bd.Lo, bd.Hi)
	}
	name, ok := CName(bd.V)
	if !ok {
		return ""
	}
	var num []string
	switch {
	case bd.FLo > bd.FHi:
		num = []string{"0"}
	case math.IsInf(bd.FLo, 1) || math.IsInf(bd.FHi, -1):
		return "" // ±Inf alone: C has no constant for it without <math.h>
	case bd.FLo == bd.FHi:
		num = []string{fmt.Sprintf("%s == %s", name, cFloat(bd.FLo))}
	default:
		if !math.IsInf(bd.FLo, -1) {
			num = append(num, fmt.Sprintf("%s <= %s", cFloat(bd.FLo), name))
		}
		if !math.IsInf(bd.FHi, 1) {
			num = append(num, fmt.Sprintf("%s <= %s", name, cFloat(bd.FHi)))
		}
	}
	switch {
	case bd.NaN && len(num) == 0:
		return ""
	case bd.NaN:
		// A NaN compares false with everything, itself included.
		return fmt.Sprintf("%s != %s || (%s)", name, name, strings.Join(num, " && "))
	case len(num) == 0:
		return fmt.Sprintf("%s == %s", name, name)
	}
	return strings.Join(num, " && ")
}

// cFloat writes f as a C double constant that reads back as f (a float
// variable compares with it after an exact promotion to double).
func cFloat(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// Subsumed reports whether another of ps implies p in a way readers of a
// proof see at once: a Le predicate beside an Eq over the same sum (x - y
// <= 0 beside x - y == 0), under the same guard or none; a bound of one
// variable beside a tighter one (i <= 1024 beside i <= 1023); a Guarded
// beside its P unguarded.
func Subsumed(p Invariant, ps []Invariant) bool {
	var guard *Atom
	if g, ok := p.(Guarded); ok {
		for _, q := range ps {
			if q.String() == g.P.String() {
				return true
			}
		}
		guard, p = &g.G, g.P
	}
	le, ok := p.(Pred)
	if !ok || le.Op != Le {
		return false
	}
	for _, q := range ps {
		if gq, ok := q.(Guarded); ok {
			if guard == nil || gq.G.String() != guard.String() {
				continue
			}
			q = gq.P
		}
		eq, ok := q.(Pred)
		if ok && eq.Op == Le && len(eq.Vars) == 1 && len(le.Vars) == 1 && eq.Vars[0] == le.Vars[0] &&
			eq.Coefs[0] == le.Coefs[0] && eq.C.Cmp(le.C) < 0 {
			return true // i <= 1024 beside i <= 1023
		}
		if !ok || eq.Op != Eq || len(eq.Vars) != len(le.Vars) {
			continue
		}
		same, neg := true, true
		for i := range eq.Vars {
			same = same && eq.Vars[i] == le.Vars[i] && eq.Coefs[i] == le.Coefs[i]
			neg = neg && eq.Vars[i] == le.Vars[i] && eq.Coefs[i] == -le.Coefs[i]
		}
		if same || neg {
			return true
		}
	}
	return false
}

// width is the bit width p is computed in: wide enough that its sum of
// small multiples never wraps, so the predicate means what it says over
// the integers (narrower than a fixed 72 bits: cheaper to bit-blast).
func (p Pred) width() int {
	w := 0
	var mag int64
	for i, v := range p.Vars {
		if it, ok := v.Type.(*ir.IntType); ok && it.Bits > w {
			w = it.Bits
		}
		c := p.Coefs[i]
		if c < 0 {
			c = -c
		}
		mag += c
	}
	extra := 2 // sign and one spare bit
	for ; mag > 1; mag >>= 1 {
		extra++
	}
	return w + extra
}

// sum builds the combination, nil if a variable has no register value.
func (p Pred) sum(b *smt.Builder, val func(*ir.Var) *smt.Term) *smt.Term {
	var s *smt.Term
	width := p.width()
	for i, v := range p.Vars {
		t := val(v)
		it, ok := v.Type.(*ir.IntType)
		if t == nil || !ok || !t.Sort().IsBV() || t.Sort().Width() != it.Bits || it.Bits > 64 {
			return nil
		}
		if it.Signed {
			t = b.SignExt(width-it.Bits, t)
		} else {
			t = b.ZeroExt(width-it.Bits, t)
		}
		// |c|·t as shifts and adds and the sign as a subtraction: a
		// multiplication by a negative constant (mostly one bits) would
		// bit-blast to a multiplier, and Houdini's queries would crawl.
		c := p.Coefs[i]
		neg := c < 0
		if neg {
			c = -c
		}
		t = scale(b, width, c, t)
		switch {
		case s == nil && neg:
			s = b.BVNeg(t)
		case s == nil:
			s = t
		case neg:
			s = b.BVSub(s, t)
		default:
			s = b.BVAdd(s, t)
		}
	}
	return s
}

// scale is c·t for c >= 1 as a sum of shifted copies of t.
func scale(b *smt.Builder, width int, c int64, t *smt.Term) *smt.Term {
	var out *smt.Term
	for bit := 0; c>>bit != 0; bit++ {
		if c>>bit&1 == 0 {
			continue
		}
		part := t
		if bit > 0 {
			part = b.BVShl(t, b.BVInt(width, int64(bit)))
		}
		if out == nil {
			out = part
		} else {
			out = b.BVAdd(out, part)
		}
	}
	return out
}

// Build is the predicate over the values val gives (nil if one is missing).
func (p Pred) Build(b *smt.Builder, val func(*ir.Var) *smt.Term) *smt.Term {
	s := p.sum(b, val)
	if s == nil {
		return nil
	}
	c := b.BVBig(p.width(), toUnsigned(p.C, p.width()))
	if p.Op == Eq {
		return b.Eq(s, c)
	}
	return b.BVSle(s, c)
}

func toUnsigned(v *big.Int, width int) *big.Int {
	if v.Sign() >= 0 {
		return v
	}
	return new(big.Int).Add(v, new(big.Int).Lsh(big.NewInt(1), uint(width)))
}

// Solver makes a fresh solver for a logic (as engine.SolverFactory).
type Solver func(logic string) (smt.Solver, error)

// Loop is a loop to find invariants for, with the invariants already
// known to hold at its head (intervals).
type Loop struct {
	Loop   *ir.Loop
	Bounds []symex.Bound
}

// TopLoops are f's top-level loops, each with the bounds the interval
// analysis res (none if nil) shows at its head: the loops k-induction
// works on, with the invariants it starts from.
func TopLoops(f *ir.Function, res *interval.Result) []Loop {
	var loops []Loop
	for _, l := range f.Loops {
		if l.Parent != nil {
			continue
		}
		il := Loop{Loop: l}
		if res != nil {
			st := res.LoopHead(l)
			for _, v := range st.Vars() {
				if iv, ok := st.Interval(v); ok && !iv.IsTop() {
					il.Bounds = append(il.Bounds, symex.Bound{V: v, Lo: iv.Lo, Hi: iv.Hi})
				}
			}
			for _, v := range st.FloatVars() {
				if f, ok := st.Float(v); ok && !f.IsTop() {
					il.Bounds = append(il.Bounds, symex.Bound{V: v, FLo: f.Lo, FHi: f.Hi, NaN: f.NaN})
				}
			}
		}
		loops = append(loops, il)
	}
	return loops
}

// Generator computes invariants in the background; Current reads what is
// proved so far.
type Generator struct {
	p      *ir.Program
	entry  *ir.Function
	loops  []Loop
	solver Solver

	mu    sync.Mutex
	known map[*ir.Loop][]Invariant
	// round is the round (1, 2, …) that proved each of known's
	// invariants, 0 for those of Block.
	round map[*ir.Loop][]int
	log   []string
	err   *guard.Panic // the panic that stopped the generator
	done  chan struct{}
	// arrays is closed when the array invariants are proved (array.go),
	// before round 1, or when the generator stopped.
	arrays chan struct{}
	upd    chan struct{} // closed at the next publication
	// rounds[i] is closed when round i+1 has been tried for every loop
	// (or the generator stopped).
	rounds []chan struct{}
	// work is the generator's meter; roundWork[i] its count when round
	// i+1 ended.
	work      *smt.Meter
	roundWork []int64
}

// Rounds is the number of rounds the generator runs: one per template
// family and one for the candidates of sampled runs.
func Rounds() int { return len(roundOrder) }

// Start runs the generator for loops of entry in a goroutine until it has
// nothing left to try or ctx ends. Wait for it before closing what the
// solver factory depends on.
func Start(ctx context.Context, p *ir.Program, entry *ir.Function, loops []Loop, solver Solver) *Generator {
	return StartWork(ctx, p, entry, loops, solver, nil)
}

// StartWork is Start with its work counted by work (see smt.Meter): each
// (round, loop) may use what is left of it, up to roundWork, and no round
// has a time limit of its own. What each round proves, and the work count
// at its end, are then the same on every run, whatever the load; read
// them with WaitRound and Through. Without a work bound (nil or unlimited)
// each round gets roundBudget of time instead.
func StartWork(ctx context.Context, p *ir.Program, entry *ir.Function, loops []Loop, solver Solver, work *smt.Meter) *Generator {
	return StartSeeded(ctx, p, entry, loops, solver, work, nil)
}

// StartSeeded is StartWork with invariants proved elsewhere (the linear
// ones of a refused algebraic proof) known from the start: round 1's,
// assumed by every round.
func StartSeeded(ctx context.Context, p *ir.Program, entry *ir.Function, loops []Loop, solver Solver, work *smt.Meter, seed map[*ir.Loop][]Invariant) *Generator {
	g := &Generator{p: p, entry: entry, loops: loops, solver: solver, work: work,
		known: map[*ir.Loop][]Invariant{}, round: map[*ir.Loop][]int{}, done: make(chan struct{}), upd: make(chan struct{}), arrays: make(chan struct{})}
	for _, l := range loops {
		g.publish(l.Loop, seed[l.Loop], 1)
	}
	for range roundOrder {
		g.rounds = append(g.rounds, make(chan struct{}))
	}
	go func() {
		defer close(g.done)
		arraysDone := false
		defer func() {
			if !arraysDone {
				close(g.arrays)
			}
		}()
		closed := 0
		defer func() {
			for ; closed < len(g.rounds); closed++ {
				close(g.rounds[closed])
			}
		}()
		var pn *guard.Panic
		defer func() {
			if pn != nil {
				g.fail(pn)
			}
		}()
		defer guard.Recover(&pn)
		g.arrayInvariants(ctx)
		arraysDone = true
		close(g.arrays)
		carry := map[*ir.Loop][]Invariant{}
		var sampled map[*ir.Loop]sampledCands
		for round := 0; round < len(roundOrder); round++ {
			for _, l := range loops {
				if ctx.Err() != nil {
					return
				}
				if roundOrder[round] == sampledRound {
					if sampled == nil {
						// Only now: round 1 does not wait for the runs.
						sampled = g.sampled(ctx)
					}
					// In runs of their own: the equalities, then the
					// inequalities (see sampledPass).
					if sc := sampled[l.Loop]; len(sc.eqs) > 0 {
						g.sampledPass(ctx, l, round+1, "equalities", sc.eqs, work)
					}
					if sc := sampled[l.Loop]; len(sc.ineqs) > 0 && ctx.Err() == nil {
						g.sampledPass(ctx, l, round+1, "inequalities", sc.ineqs, work)
					}
					continue
				}
				lctx, cancel := ctx, context.CancelFunc(func() {})
				var share *smt.Meter
				if work.Limited() {
					if work.Left() <= 0 {
						g.note(fmt.Sprintf("loop at %s, round %d: work budget used up", l.Loop.Pos, round+1))
						continue
					}
					share = work.Sub(min(work.Left(), roundWork))
				} else {
					lctx, cancel = context.WithTimeout(ctx, roundBudget)
					if work != nil {
						share = work.Sub(0)
					}
				}
				// The rounds build on their own invariants only, not on
				// Block's (which depend on when the engine asks).
				h, _ := g.houdiniFor(lctx, l.Loop, round+1, false)
				h.solver = meteredSolver(h.solver, share)
				got, failed, err := h.run(families[roundOrder[round]], carry[l.Loop])
				carry[l.Loop] = failed
				cancel()
				if ctx.Err() != nil {
					return
				}
				if err != nil {
					g.note(fmt.Sprintf("loop at %s, round %d: %v (%d units)", l.Loop.Pos, round+1, err, share.Used()))
				} else {
					g.note(fmt.Sprintf("loop at %s, round %d: %d invariants (%d units)", l.Loop.Pos, round+1, len(got), share.Used()))
					g.publish(l.Loop, got, round+1)
				}
			}
			g.mu.Lock()
			g.roundWork = append(g.roundWork, g.work.Used())
			g.mu.Unlock()
			close(g.rounds[round])
			closed++
		}
	}()
	return g
}

// roundWork caps the work of one round for one loop (what roundBudget
// is without a work budget): 15 s at the calibrated rate of one core.
const roundWork = 15_000_000

// meteredSolver makes solvers whose checks work charges and bounds.
func meteredSolver(s Solver, work *smt.Meter) Solver {
	if work == nil {
		return s
	}
	return func(logic string) (smt.Solver, error) {
		sv, err := s(logic)
		if err != nil || sv == nil {
			return sv, err
		}
		return work.Solver(sv), nil
	}
}

// WaitRound waits until rounds 1 to r have been tried for every loop (or
// the generator stopped, or ctx ended) and returns how many of them were:
// r unless the generator stopped early. A generator with a meter proves
// the same in each round on every run, so the invariants of those rounds
// (Through) are the same too.
func (g *Generator) WaitRound(ctx context.Context, r int) int {
	r = min(max(r, 0), len(g.rounds))
	if r > 0 {
		select {
		case <-g.rounds[r-1]:
		case <-ctx.Done():
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return min(len(g.roundWork), r)
}

func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// Through returns the invariants of l's head that rounds 1 to r proved and
// those Block proved: with r from WaitRound, the same on every run of a
// generator with a meter.
func (g *Generator) Through(l *ir.Loop, r int) []Invariant { return g.invs(l, r, true) }

// invs are the invariants of l's head from rounds 1 to r, and Block's if
// blocked.
func (g *Generator) invs(l *ir.Loop, r int, blocked bool) []Invariant {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []Invariant
	for i, iv := range g.known[l] {
		if rd := g.round[l][i]; rd > 0 && rd <= r || rd == 0 && blocked || rd == arrayRound {
			out = append(out, iv)
		}
	}
	return out
}

// publish adds proved invariants of l and wakes whoever waits for news.
func (g *Generator) publish(l *ir.Loop, got []Invariant, round int) {
	if len(got) == 0 {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.known[l] = append(g.known[l], got...)
	for range got {
		g.round[l] = append(g.round[l], round)
	}
	close(g.upd)
	g.upd = make(chan struct{})
}

// fail records the panic that stopped the generator and wakes whoever
// waits for news, to see it.
func (g *Generator) fail(p *guard.Panic) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.err = p
	close(g.upd)
	g.upd = make(chan struct{})
}

// Err is the panic that stopped the generator (a *guard.Panic: "internal
// error: <value>", with its stack), nil if none. The invariants published
// before it stay proved, but a caller should not trust a run that met a
// bug.
func (g *Generator) Err() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.err == nil {
		return nil
	}
	return g.err
}

func (g *Generator) note(s string) {
	g.mu.Lock()
	g.log = append(g.log, s)
	g.mu.Unlock()
}

// Current returns the invariants proved so far for l's head.
func (g *Generator) Current(l *ir.Loop) []Invariant {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]Invariant(nil), g.known[l]...)
}

// Updated returns a channel closed when more invariants are published.
func (g *Generator) Updated() <-chan struct{} {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.upd
}

// Notes are the reasons rounds gave nothing (for diagnostics).
func (g *Generator) Notes() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.log...)
}

// Wait blocks until the generator has stopped.
func (g *Generator) Wait() { <-g.done }

// Done is closed when the generator has stopped.
func (g *Generator) Done() <-chan struct{} { return g.done }

// template is a linear shape over two variables; withC says the constant
// comes from a sample of the entry state (else it is 0).
type template struct {
	a, b  int64
	op    Op
	withC bool
}

// triples are the coefficient patterns of the triple round.
var triples = [][3]int64{{1, 1, -1}, {1, 1, -2}, {1, 1, -3}, {1, -1, -2}, {1, -1, 2}}

// tripleRound says the family also asks for x + y - z == c over triples.
func tripleRound(ts []template) bool { return len(ts) == 0 }

// roundOrder are the rounds: an index into families, or sampledRound
// for the candidates of sampled runs (headsample.go), after the cheap
// templates (the step at k = 1 does not wait for them: they may be
// many, and slow to check) and before the costly triples.
var roundOrder = []int{0, sampledRound, 1, 2}

const sampledRound = -1

// families are the template rounds, cheapest and most often useful
// first; the empty one stands for the triples.
var families = [][]template{
	{{1, -1, Eq, true}, {1, 1, Eq, true}, {1, -2, Eq, true}, {2, -1, Eq, true}, {1, -1, Le, false}, {-1, 1, Le, false}},
	{},
	{{1, -1, Le, true}, {-1, 1, Le, true}, {1, 1, Le, true}, {-1, -1, Le, true}, {2, -1, Le, true}, {-2, 1, Le, true}, {1, -3, Eq, true}, {3, -1, Eq, true}, {1, 2, Eq, true}, {2, 1, Eq, true}},
}

// unary are x <= c and -x <= c with c the sampled entry value: bounds the
// interval analysis may miss because they hold only jointly with the
// property or with relational candidates.
var unary = []int64{1, -1}

// maxVars bounds the variables templates range over (pairs grow as n²).
const maxVars = 12

type houdini struct {
	// reason explains the last unknown check.
	reason string
	ctx    context.Context
	p      *ir.Program
	entry  *ir.Function
	loop   Loop
	solver Solver
	proven []Invariant
	// prev is the top-level loop before this one, if any, with its
	// invariants proved so far.
	prev    *Loop
	prevInv []Invariant
	// prevFirst makes entryState try the loop before first: the array
	// proofs (array.go) would otherwise unroll a loop before with a fixed
	// count, all of it.
	prevFirst bool
}

// written are the variables the loop assigns directly.
func (h *houdini) written() map[*ir.Var]bool {
	w := map[*ir.Var]bool{}
	for pc := h.loop.Loop.Head; pc <= h.loop.Loop.Latch; pc++ {
		switch in := h.entry.Body[pc].(type) {
		case *ir.Assign:
			if v := ir.RootVar(in.Lhs); v != nil {
				w[v] = true
			}
		case *ir.Call:
			if in.Result != nil {
				if v := ir.RootVar(in.Result); v != nil {
					w[v] = true
				}
			}
			if in.Fn != nil {
				for _, g := range h.p.Globals {
					w[g] = true // a callee may write any global
				}
			}
		}
	}
	return w
}

// vars are the entry's integer registers the loop reads or writes.
func (h *houdini) vars() []*ir.Var {
	seen := map[*ir.Var]bool{}
	var out []*ir.Var
	add := func(v *ir.Var) {
		it, ok := v.Type.(*ir.IntType)
		if !ok || it.Bits > 64 || it.IsBool() || v.AddrTaken || seen[v] || (v.Kind != ir.Global && v.Func != h.entry) || strings.HasPrefix(v.Name, "$") {
			return
		}
		seen[v] = true
		out = append(out, v)
	}
	for pc := h.loop.Loop.Head; pc <= h.loop.Loop.Latch; pc++ {
		in := h.entry.Body[pc]
		if d, ok := in.(*ir.Decl); ok {
			seen[d.V] = true // declared in the body: not live at the head
		}
		for _, e := range ir.Operands(in) {
			ir.Inspect(e, func(e ir.Expr) bool {
				if r, ok := e.(*ir.VarRef); ok {
					add(r.V)
				}
				return true
			})
		}
	}
	// Then the entry's other integer locals (loop-invariant terms such as
	// a bound n in x + y == n): those without a value at the head drop out
	// when candidates are made.
	for _, v := range h.entry.Locals {
		add(v)
	}
	if len(out) > maxVars {
		out = out[:maxVars]
	}
	return out
}

func (h *houdini) candidates(ts []template, vars []*ir.Var, b *smt.Builder, m smt.Model, val func(*ir.Var) *smt.Term) []Pred {
	var out []Pred
	seen := map[string]bool{}
	for _, p := range h.proven {
		seen[p.String()] = true
	}
	// add keeps p if its variables are live at the head, with C read off
	// the model when withC, and p is new.
	add := func(p Pred, withC bool) {
		s := p.sum(b, val)
		if s == nil {
			return // not live at the head
		}
		if withC {
			v, err := m.Eval(s)
			if err != nil {
				return
			}
			p.C = v.BitVec().SignedBig()
		}
		if k := p.String(); !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	for _, x := range vars {
		if len(ts) == 0 || ts[0] != families[0][0] {
			break // unary bounds in the first round only
		}
		for _, t := range unary {
			add(Pred{Vars: []*ir.Var{x}, Coefs: []int64{t}, Op: Le, C: new(big.Int)}, true)
		}
	}
	if len(ts) > 0 && ts[0] == families[len(families)-1][0] {
		for _, p := range h.constBounds(vars) {
			add(p, false)
		}
		for _, p := range h.rateBounds(vars) {
			p.C = new(big.Int)
			add(p, true)
		}
	}
	for i, x := range vars {
		for j, y := range vars {
			if i == j {
				continue
			}
			for _, t := range ts {
				if (t.a == t.b || t.a == -t.b) && j < i {
					continue // symmetric: one order is enough
				}
				add(Pred{Vars: []*ir.Var{x, y}, Coefs: []int64{t.a, t.b}, Op: t.op, C: new(big.Int)}, t.withC)
			}
		}
	}
	if tripleRound(ts) && len(vars) <= 7 {
		// x ± y == c·z + d: sums and differences that grow with a third
		// variable (a + b == 3i, hi - lo == 2mid, x + y == n).
		for i, x := range vars {
			for j := i + 1; j < len(vars); j++ {
				for k, z := range vars {
					if k == i || k == j {
						continue
					}
					for _, cs := range triples {
						add(Pred{Vars: []*ir.Var{x, vars[j], z}, Coefs: cs[:], Op: Eq, C: new(big.Int)}, true)
					}
				}
			}
		}
	}
	if tripleRound(ts) {
		// (x ± y) - (z ± w) == c for x, y written by the loop and z, w not:
		// a relation carried from the entry values (x - y == i - j).
		written := h.written()
		var wv, uv []*ir.Var
		for _, v := range vars {
			if written[v] {
				wv = append(wv, v)
			} else {
				uv = append(uv, v)
			}
		}
		for i, x := range wv {
			for _, y := range wv[i+1:] {
				for j, z := range uv {
					for _, w := range uv[j+1:] {
						for _, sg := range []int64{1, -1} {
							p := Pred{Vars: []*ir.Var{x, y, z, w}, Coefs: []int64{1, sg, -1, -sg}, Op: Eq, C: new(big.Int)}
							q := Pred{Vars: []*ir.Var{x, y, w, z}, Coefs: []int64{1, sg, -1, -sg}, Op: Eq, C: new(big.Int)}
							ps := []Pred{p}
							if sg < 0 {
								ps = append(ps, q) // with +, q is p reordered
							}
							for _, p := range ps {
								add(p, true)
							}
						}
					}
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Op < out[j].Op })
	return out
}

func headVal(hs symex.HeadState) func(*ir.Var) *smt.Term {
	m := map[*ir.Var]*smt.Term{}
	for k, v := range hs.Vals {
		if k.V != nil {
			m[k.V] = v
		}
	}
	return func(v *ir.Var) *smt.Term { return m[v] }
}

// relevant picks the unwinding and unsupported checks that can cut an
// execution before it reaches the head (upTo = Head) or, in the step,
// before its second arrival (upTo = Latch+1): those of other functions
// and those of the entry's instructions before upTo. Checks after the loop
// cannot change what arrives at its head (the loop is entered once and
// left only forwards, see symex.Induction).
func relevant(eq *symex.Equation, entry *ir.Function, upTo int) []*smt.Term {
	return relevantRange(eq, entry, 0, upTo)
}

// relevantRange is relevant for the entry's instructions in [from, upTo).
func relevantRange(eq *symex.Equation, entry *ir.Function, from, upTo int) []*smt.Term {
	late := map[ir.Pos]bool{}
	early := map[ir.Pos]bool{}
	for pc, in := range entry.Body {
		if from <= pc && pc < upTo {
			early[in.Pos()] = true
		} else {
			late[in.Pos()] = true
		}
	}
	var out []*smt.Term
	for _, c := range eq.Props(ir.PropUnwinding, ir.PropUnsupported) {
		if c.Prop.Func == entry.Name && late[c.Prop.Pos] && !early[c.Prop.Pos] {
			continue
		}
		out = append(out, c.Violation)
	}
	return out
}

// plainPrefix reports whether the entry's code before pc neither calls a
// function nor allocates.
func plainPrefix(f *ir.Function, pc int) bool {
	for _, in := range f.Body[:pc] {
		if c, ok := in.(*ir.Call); ok {
			switch {
			case c.Fn != nil, c.Builtin == ir.BMalloc, c.Builtin == ir.BCalloc, c.Builtin == ir.BAlloca, c.Builtin == ir.NotBuiltin:
				return false
			}
		}
	}
	return true
}

// check asks whether goal is satisfiable on a fresh solver.
func (h *houdini) check(goal *smt.Term, use func(smt.Model)) (smt.Result, error) {
	if goal.IsFalse() {
		return smt.Unsat, nil
	}
	if err := h.ctx.Err(); err != nil {
		return smt.Unknown, err
	}
	s, err := h.solver(smt.Logic(goal))
	if err != nil {
		return smt.Unknown, err
	}
	defer s.Close()
	res, err := smt.Solve(h.ctx, s, goal, use)
	if res == smt.Unknown && err == nil {
		h.reason = s.ReasonUnknown()
	}
	return res, err
}

// entryState is the state at the first arrival at the loop head, for all
// executions whose assertions before it pass. Either the code before the
// loop is within one unwinding, or the loop before this one is replaced
// by its inductive step (havoc, its known invariants assumed), whose
// exits cover every real exit.
func (h *houdini) entryState(b *smt.Builder) (symex.HeadState, error) {
	if h.prevFirst && h.prev != nil {
		if hs, err := h.entryAfterPrev(b); err == nil {
			return hs, nil
		}
	}
	l := h.loop.Loop
	fwd := &symex.Induction{Loop: l, Forward: true}
	feq, err := symex.Run(h.ctx, h.p, b, symex.Options{Unwind: 1, Entry: h.entry.Name, Induction: fwd})
	if err != nil {
		return symex.HeadState{}, err
	}
	if len(fwd.Heads) == 0 && h.prev == nil {
		return symex.HeadState{}, fmt.Errorf("the head is not reached")
	}
	if feq.Steps > maxSteps {
		return symex.HeadState{}, fmt.Errorf("the program is too large for templates (%d steps)", feq.Steps)
	}
	if len(fwd.Heads) > 0 {
		// (Not reached within one unwinding: a loop before runs a fixed
		// number of times, the loop before inductive may still reach it.)
		res, err := h.check(b.Or(relevant(feq, h.entry, l.Head)...), nil)
		if err == nil && res == smt.Unsat {
			return fwd.Heads[0], nil
		}
		if h.prev == nil {
			return symex.HeadState{}, fmt.Errorf("the code before the loop is not within one unwinding (%v %v)", res, err)
		}
	}
	return h.entryAfterPrev(b)
}

// entryAfterPrev is entryState from the loop before, replaced by its
// inductive step: without Skip first (the loops before that one then stay
// bounded and their effects exact), then with it (they may be unbounded).
func (h *houdini) entryAfterPrev(b *smt.Builder) (symex.HeadState, error) {
	l := h.loop.Loop
	var res smt.Result
	var err error
	for _, skip := range []bool{false, true} {
		ind := &symex.Induction{Loop: h.prev.Loop, Bounds: h.prev.Bounds, Assume: Assumptions(h.prevInv), Arrays: ArrayFacts(h.prevInv), Skip: skip, Observe: l, Names: "prev_"}
		var ieq *symex.Equation
		ieq, err = symex.Run(h.ctx, h.p, b, symex.Options{Unwind: 1, Entry: h.entry.Name, Induction: ind})
		if err != nil || len(ind.Observed) == 0 {
			continue
		}
		res, err = h.check(b.Or(relevant(ieq, h.entry, l.Head)...), nil)
		if err == nil && res == smt.Unsat {
			return ind.Observed[0], nil
		}
	}
	return symex.HeadState{}, fmt.Errorf("the code before the loop is not within one unwinding, even with the loop before inductive (%v %v)", res, err)
}

// roundBudget bounds one round for one loop: the generator shares the
// machine with the engine it serves, and a round that does not finish in
// this time rarely pays off.
const roundBudget = 15 * time.Second

// maxSteps bounds the size (symbolic execution steps at one unwinding) of
// programs the generator works on: Houdini's queries grow with it and the
// engine needs the machine more.
const maxSteps = 100_000

// maxRefutations bounds the Houdini rounds of one query kind.
const maxRefutations = 64

// run returns the candidates of family ts and carry that are proved (with
// the already proven ones assumed), or an error saying why none can be;
// failed are the candidates that hold at the entry but were not proved
// preserved: the next round tries them again beside its own, since an
// invariant is often inductive only together with one of a later family
// (a ≥ 0 needs a + b == 3i against wrap-around).
func (h *houdini) run(ts []template, carry []Invariant) (proved, failed []Invariant, err error) {
	vars := h.vars()
	if len(vars) == 0 {
		return nil, nil, fmt.Errorf("no integer registers")
	}
	b := smt.NewBuilder()
	h1, err := h.entryState(b)
	if err != nil {
		return nil, nil, err
	}
	var cands []Invariant
	res, err := h.check(h1.Guard, func(m smt.Model) {
		for _, p := range h.candidates(ts, vars, b, m, headVal(h1)) {
			cands = append(cands, p)
		}
	})
	if err != nil || res != smt.Sat {
		return nil, nil, fmt.Errorf("no entry state (%v %v)", res, err)
	}
	return h.prove(b, h1, withCarry(cands, carry, h.proven))
}

// refute drops from cands, by models of base and the negations, every
// candidate that does not hold at the state at gives, until the rest all
// hold (Houdini).
func (h *houdini) refute(b *smt.Builder, cands []Invariant, base *smt.Term, at func(*ir.Var) *smt.Term, label string) ([]Invariant, error) {
	for n := 0; len(cands) > 0; n++ {
		if n == maxRefutations {
			return nil, fmt.Errorf("%s: too many refutations", label)
		}
		var terms, neg []*smt.Term
		var have []Invariant
		for _, c := range cands {
			if t := c.Build(b, at); t != nil {
				have = append(have, c)
				terms = append(terms, t)
				neg = append(neg, b.Not(t))
			}
		}
		cands = have // a candidate without a value here cannot be checked
		if len(cands) == 0 {
			return nil, nil
		}
		var keep []Invariant
		res, err := h.check(b.And(base, b.Or(neg...)), func(m smt.Model) {
			for i, c := range cands {
				if v, err := m.Eval(terms[i]); err == nil && v.Bool() {
					keep = append(keep, c)
				}
			}
		})
		if err != nil {
			return nil, fmt.Errorf("%s: solver: %v", label, err)
		}
		if res == smt.Unknown {
			return nil, fmt.Errorf("%s: solver: unknown (%s)", label, h.reason)
		}
		if res == smt.Unsat {
			return cands, nil
		}
		if len(keep) == len(cands) {
			return nil, fmt.Errorf("%s: a model refutes nothing", label)
		}
		cands = keep
	}
	return cands, nil
}

// prove returns the largest subset of cands that holds at the first
// arrival at the head (h1, the entry state on b) and is preserved by an
// iteration, with the proven invariants assumed; failed are the others
// that hold at the first arrival.
func (h *houdini) prove(b *smt.Builder, h1 symex.HeadState, cands []Invariant) (proved, failed []Invariant, err error) {
	l := h.loop.Loop
	cands, err = h.refute(b, cands, h1.Guard, headVal(h1), "initiation")
	if err != nil {
		return nil, nil, err
	}
	initiated := cands
	// notProved are the initiated candidates outside proved.
	notProved := func(proved []Invariant) []Invariant {
		in := map[string]bool{}
		for _, p := range proved {
			in[p.String()] = true
		}
		var out []Invariant
		for _, c := range initiated {
			if !in[c.String()] {
				out = append(out, c)
			}
		}
		return out
	}
	// Consecution: one iteration from any head state within the known
	// invariants and the candidates, its assertions assumed. The step
	// havocs what the loop writes; when the code before the loop is not
	// within one unwinding, it havocs everything instead (only for code
	// before the loop that neither calls nor allocates, so no cut path
	// there can hide a state or an object the havoc does not cover).
	havocAll := false
	for len(cands) > 0 {
		b := smt.NewBuilder()
		step := &symex.Induction{Loop: l, Bounds: h.loop.Bounds, Assume: Assumptions(h.proven), HavocAll: havocAll}
		seq, err := symex.Run(h.ctx, h.p, b, symex.Options{Unwind: 1, Entry: h.entry.Name, Induction: step})
		if err != nil {
			return nil, nil, err
		}
		if len(step.Heads) == 0 {
			return nil, nil, fmt.Errorf("consecution: the head is not reached")
		}
		if len(step.Heads) < 2 {
			return cands, nil, nil // the loop never comes back to its head
		}
		pre := []*smt.Term{}
		v1 := headVal(step.Heads[0])
		var have []Invariant
		for _, c := range cands {
			if t := c.Build(b, v1); t != nil {
				pre = append(pre, t)
				have = append(have, c)
			}
		}
		cands = have
		before := len(cands)
		h2 := step.Heads[1]
		cands, err = h.refute(b, cands, b.And(append(pre, h2.Guard)...), headVal(h2), "consecution")
		if err != nil {
			return nil, notProved(nil), err
		}
		if len(cands) != before {
			continue // the hypothesis shrank: check again from scratch
		}
		// Paths cut by an unwinding bound are not covered by the query.
		from := 0
		if havocAll {
			from = l.Head
			if res, err := h.check(step.Heads[0].Guard, nil); err != nil || res != smt.Sat {
				return nil, nil, fmt.Errorf("consecution: no path to the head within one unwinding (%v %v)", res, err)
			}
		}
		res, err := h.check(b.And(b.And(pre...), b.Or(relevantRange(seq, h.entry, from, l.Latch+1)...)), nil)
		if err == nil && res == smt.Unsat {
			return cands, notProved(cands), nil
		}
		if !havocAll && plainPrefix(h.entry, l.Head) {
			havocAll = true
			continue
		}
		return nil, nil, fmt.Errorf("an iteration is not within one unwinding (%v %v)", res, err)
	}
	return nil, notProved(nil), nil
}

// Assumptions turns invariants into the assumptions of symex.Induction.
func Assumptions(ps []Invariant) []func(*smt.Builder, func(*ir.Var) *smt.Term) *smt.Term {
	var out []func(*smt.Builder, func(*ir.Var) *smt.Term) *smt.Term
	for _, p := range ps {
		out = append(out, p.Build)
	}
	return out
}

// withCarry adds to cands the carried candidates that are neither among
// them nor proved already.
func withCarry(cands, carry, proven []Invariant) []Invariant {
	seen := map[string]bool{}
	for _, p := range append(append([]Invariant(nil), proven...), cands...) {
		seen[p.String()] = true
	}
	for _, c := range carry {
		if k := c.String(); !seen[k] {
			seen[k] = true
			cands = append(cands, c)
		}
	}
	return cands
}
