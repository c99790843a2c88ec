// Package zone is a sound zone (difference-bound) abstract interpretation
// over the IR, one function at a time: before every instruction it keeps
// bounds x - y <= c and ±x <= c between the function's integer register
// variables. It states what intervals cannot — i <= n in a loop bounded by
// n, l - k bounded while both grow — and so proves assertions of inner
// loops whose bounds come from outer ones (i >= l >= 1 below a loop that
// increments l), which k-induction, inducting only top-level loops, does
// not reach.
//
// # Soundness
//
// Values are mathematical integers. Only variables of integer types of at
// most 32 bits are tracked, so every bound fits an int64 with room to
// add two of them; each is bounded by its type. The variables are those
// package interval tracks (parameters, locals, temporaries and globals
// whose address is never taken), for the same reason: nothing else writes
// them. An assignment keeps a relation only when the assigned value is
// exactly y + c (or a constant) in every state the zone allows — the
// bounds of y + c lie in the type of the variable — and forgets the
// variable otherwise, keeping what an interval evaluation of the
// right-hand side bounds; calls forget the globals and the result;
// conditions refine only through comparisons of two such linear forms,
// && , || and !. A state with a negative cycle is unreachable. Widening
// drops every bound that grew, so the iteration ends; narrowing passes
// recompute each state from its predecessors. On entry every variable is
// unknown (within its type), so the result holds for every calling
// context.
package zone

import (
	"context"
	"fmt"
	"math"

	"github.com/prbmc/prbmc/verifier/ir"
)

// MaxVars bounds the variables of an analysed function: every step closes
// the zone in cubic time, so a function with hundreds of temporaries (a
// library's parser) would take seconds; Analyze refuses it.
const MaxVars = 48

// inf is "no bound": larger than any sum of two real bounds.
const inf = math.MaxInt64 / 4

// State is the zone before one instruction: c[i][j] bounds v_i - v_j,
// where v_0 is the constant 0 and v_1.. the tracked variables; bot marks
// an unreachable point.
type State struct {
	c   [][]int64
	bot bool
}

func (s State) IsBottom() bool { return s.bot }

func top(n int) State {
	c := make([][]int64, n)
	for i := range c {
		c[i] = make([]int64, n)
		for j := range c[i] {
			if i != j {
				c[i][j] = inf
			}
		}
	}
	return State{c: c}
}

func (s State) clone() State {
	if s.bot {
		return s
	}
	c := make([][]int64, len(s.c))
	for i := range c {
		c[i] = append([]int64(nil), s.c[i]...)
	}
	return State{c: c}
}

func add(a, b int64) int64 {
	if a >= inf || b >= inf {
		return inf
	}
	return a + b
}

// close tightens every bound by the shortest paths (Floyd–Warshall) and
// marks a negative cycle unreachable.
func (s State) close() State {
	if s.bot {
		return s
	}
	n := len(s.c)
	for k := 0; k < n; k++ {
		ck := s.c[k]
		for i := 0; i < n; i++ {
			ik := s.c[i][k]
			if ik >= inf {
				continue
			}
			ci := s.c[i]
			for j := 0; j < n; j++ {
				if v := add(ik, ck[j]); v < ci[j] {
					ci[j] = v
				}
			}
		}
	}
	for i := 0; i < n; i++ {
		if s.c[i][i] < 0 {
			return State{bot: true}
		}
		for j := range s.c[i] {
			// Bounds beyond any tracked type's range carry nothing and
			// would only grow: drop them, so sums stay far from overflow.
			if s.c[i][j] > 1<<40 {
				s.c[i][j] = inf
			} else if s.c[i][j] < -(1 << 40) {
				s.c[i][j] = -(1 << 40)
			}
		}
	}
	return s
}

// constrain adds v_i - v_j <= c.
func (s State) constrain(i, j int, c int64) State {
	if s.bot || c >= inf {
		return s
	}
	s = s.clone()
	if c < s.c[i][j] {
		s.c[i][j] = c
	}
	return s.close()
}

// bounds are v_i's least and greatest values (±inf without a bound).
func (s State) bounds(i int) (lo, hi int64) {
	hi = s.c[i][0]
	lo = -inf
	if s.c[0][i] < inf {
		lo = -s.c[0][i]
	}
	return lo, hi
}

// forget drops every bound of v_i.
func (s State) forget(i int) State {
	if s.bot {
		return s
	}
	s = s.clone()
	for j := range s.c {
		if j != i {
			s.c[i][j], s.c[j][i] = inf, inf
		}
	}
	return s
}

func join(a, b State) State {
	switch {
	case a.bot:
		return b
	case b.bot:
		return a
	}
	out := a.clone()
	for i := range out.c {
		for j := range out.c[i] {
			out.c[i][j] = max(a.c[i][j], b.c[i][j])
		}
	}
	return out
}

// widen keeps old's bounds that new does not loosen.
func widen(old, nw State) State {
	if old.bot {
		return nw
	}
	if nw.bot {
		return old
	}
	out := nw.clone()
	for i := range out.c {
		for j := range out.c[i] {
			if nw.c[i][j] > old.c[i][j] {
				out.c[i][j] = inf
			}
		}
	}
	return out.close()
}

func equal(a, b State) bool {
	if a.bot || b.bot {
		return a.bot == b.bot
	}
	for i := range a.c {
		for j := range a.c[i] {
			if a.c[i][j] != b.c[i][j] {
				return false
			}
		}
	}
	return true
}

func (s State) String() string {
	if s.bot {
		return "⊥"
	}
	return fmt.Sprint(s.c)
}

// Result is the analysis of one function: the zone before each
// instruction (At) and the assertions it proves (CannotFail).
type Result struct {
	*ir.Facts[State]
}

// Analyze computes the zones of f's register integer variables at every
// instruction, for every calling context.
func Analyze(ctx context.Context, p *ir.Program, f *ir.Function) (*Result, error) {
	if f == nil || !f.HasBody() {
		return nil, fmt.Errorf("zone: function without body")
	}
	a := newAnalyzer(p, f)
	if len(a.vars) > MaxVars {
		return nil, fmt.Errorf("zone: %d variables in %s, more than %d", len(a.vars), f.Name, MaxVars)
	}
	states, err := ir.Forward[State](ctx, f, lattice{a}, 2)
	if err != nil {
		return nil, err
	}
	return &Result{ir.NewFacts(f, states, State{bot: true}, lattice{a})}, nil
}

// lattice is the zone domain as ir.Forward needs it.
type lattice struct{ a *analyzer }

func (l lattice) Entry() State                { return l.a.typeBounds(top(len(l.a.vars) + 1)) }
func (lattice) Bottom() State                 { return State{bot: true} }
func (lattice) IsBottom(s State) bool         { return s.bot }
func (lattice) Join(a, b State) State         { return join(a, b) }
func (lattice) Equal(a, b State) bool         { return equal(a, b) }
func (l lattice) Step(pc int, s State) []edge { return l.a.step(pc, s) }

func (l lattice) Refine(s State, cond ir.Expr, truth bool) State { return l.a.refine(s, cond, truth) }

// Widen may drop a variable's type bounds: they hold anyway.
func (l lattice) Widen(old, next State) State { return l.a.typeBounds(widen(old, next)) }
