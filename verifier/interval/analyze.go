package interval

import (
	"context"
	"fmt"
	"math/big"
	"sort"

	"github.com/prbmc/prbmc/verifier/ir"
)

// State is the abstract state before one instruction: an interval per
// tracked variable, or bottom (the point is unreachable).
type State struct {
	bot     bool
	m       map[*ir.Var]Interval // tracked variables not at top
	tracked map[*ir.Var]bool
}

// IsBottom reports whether no execution reaches the point.
func (s State) IsBottom() bool { return s.bot }

// Interval returns v's interval. ok is false when v is not tracked (it
// lives in memory, is not an integer, or is another function's local):
// then nothing is known of it. Tracked variables without a bound are
// top; at a bottom state every tracked variable reports top too.
func (s State) Interval(v *ir.Var) (Interval, bool) {
	if !s.tracked[v] {
		return Interval{}, false
	}
	if i, ok := s.m[v]; ok {
		return i, true
	}
	return Top(v.Type.(*ir.IntType)), true
}

// Vars lists the tracked variables with a non-top interval, by kind and ID.
func (s State) Vars() []*ir.Var {
	vs := make([]*ir.Var, 0, len(s.m))
	for v := range s.m {
		vs = append(vs, v)
	}
	sort.Slice(vs, func(i, j int) bool {
		if vs[i].Kind == ir.Global && vs[j].Kind != ir.Global {
			return true
		}
		if (vs[i].Kind == ir.Global) != (vs[j].Kind == ir.Global) {
			return false
		}
		return vs[i].ID < vs[j].ID
	})
	return vs
}

func (s State) String() string {
	if s.bot {
		return "bottom"
	}
	out := "{"
	for i, v := range s.Vars() {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%s: %s", v.Name, s.m[v])
	}
	return out + "}"
}

func (s State) clone() State {
	m := make(map[*ir.Var]Interval, len(s.m))
	for v, i := range s.m {
		m[v] = i
	}
	return State{bot: s.bot, m: m, tracked: s.tracked}
}

func (s State) get(v *ir.Var) Interval {
	i, _ := s.Interval(v)
	return i
}

// set returns s with v := i (removing v when i is top).
func (s State) set(v *ir.Var, i Interval) State {
	if s.bot || !s.tracked[v] {
		return s
	}
	n := s.clone()
	if i.IsTop() {
		delete(n.m, v)
	} else {
		i.T = v.Type.(*ir.IntType)
		n.m[v] = i
	}
	return n
}

func (s State) bottom() State { return State{bot: true, tracked: s.tracked} }

func join(a, b State) State {
	if a.bot {
		return b
	}
	if b.bot {
		return a
	}
	m := map[*ir.Var]Interval{}
	for v, i := range a.m {
		if j, ok := b.m[v]; ok {
			if h := i.Hull(j); !h.IsTop() {
				m[v] = h
			}
		}
	}
	return State{m: m, tracked: a.tracked}
}

func equal(a, b State) bool {
	if a.bot || b.bot {
		return a.bot == b.bot
	}
	if len(a.m) != len(b.m) {
		return false
	}
	for v, i := range a.m {
		if j, ok := b.m[v]; !ok || !i.equal(j) {
			return false
		}
	}
	return true
}

// Result holds the analysis of one function: the interval state before
// each instruction (At) and the assertions it proves (CannotFail).
type Result struct {
	*ir.Facts[State]
}

// LoopHead returns the invariant at l's head: it holds every time
// execution reaches instruction l.Head.
func (r *Result) LoopHead(l *ir.Loop) State { return r.At(l.Head) }

type analyzer struct {
	p          *ir.Program
	f          *ir.Function
	tracked    map[*ir.Var]bool
	globals    []*ir.Var
	thresholds *Thresholds
}

// registerVars returns the integer variables whose address is never taken
// anywhere in p: only they can be tracked.
func registerVars(p *ir.Program, f *ir.Function) map[*ir.Var]bool {
	inMem := ir.AddressTaken(p)
	reg := map[*ir.Var]bool{}
	add := func(v *ir.Var) {
		if _, ok := trackable(v.Type); ok && !inMem[v] && !v.AddrTaken {
			reg[v] = true
		}
	}
	for _, v := range p.Globals {
		add(v)
	}
	for _, v := range f.Locals {
		add(v)
	}
	return reg
}

// Analyze computes intervals for the register integer variables of f (its
// parameters, locals, temporaries, and the program's globals) at every
// instruction of f, for every calling context: parameters and globals are
// unknown on entry.
func Analyze(ctx context.Context, p *ir.Program, f *ir.Function) (*Result, error) {
	if f == nil || !f.HasBody() {
		return nil, fmt.Errorf("interval: function without body")
	}
	a := &analyzer{p: p, f: f, tracked: registerVars(p, f)}
	for v := range a.tracked {
		if v.Kind == ir.Global {
			a.globals = append(a.globals, v)
		}
	}
	a.collectThresholds()
	states, err := ir.Forward[State](ctx, f, lattice{a}, 3)
	if err != nil {
		return nil, err
	}
	return &Result{ir.NewFacts(f, states, State{bot: true}, lattice{a})}, nil
}

// lattice is the interval domain as ir.Forward needs it.
type lattice struct{ a *analyzer }

func (l lattice) Entry() State                { return State{m: map[*ir.Var]Interval{}, tracked: l.a.tracked} }
func (l lattice) Bottom() State               { return State{bot: true, tracked: l.a.tracked} }
func (lattice) IsBottom(s State) bool         { return s.bot }
func (lattice) Join(a, b State) State         { return join(a, b) }
func (l lattice) Widen(old, next State) State { return l.a.widen(old, next) }
func (lattice) Equal(a, b State) bool         { return equal(a, b) }
func (l lattice) Step(pc int, s State) []edge { return l.a.step(pc, s) }

func (l lattice) Refine(s State, cond ir.Expr, truth bool) State { return l.a.refine(s, cond, truth) }

type edge = ir.Edge[State]

func (a *analyzer) step(pc int, st State) []edge {
	next := pc + 1
	switch in := a.f.Body[pc].(type) {
	case *ir.Decl:
		if in.V.Kind == ir.Global {
			return []edge{{To: next, State: st}}
		}
		if it, ok := trackable(in.V.Type); ok && in.HasInit {
			return []edge{{To: next, State: st.set(in.V, Single(it, new(big.Int)))}}
		}
		return []edge{{To: next, State: st.set(in.V, topOf(in.V))}}
	case *ir.Dead:
		return []edge{{To: next, State: st.set(in.V, topOf(in.V))}}
	case *ir.Assign:
		if r, ok := in.Lhs.(*ir.VarRef); ok && st.tracked[r.V] {
			it := r.V.Type.(*ir.IntType)
			v, ok := a.eval(st, in.Rhs)
			if !ok {
				v = Top(it)
			}
			return []edge{{To: next, State: st.set(r.V, v)}}
		}
		return []edge{{To: next, State: st}}
	case *ir.Call:
		s := st
		if in.Fn != nil {
			for _, g := range a.globals {
				s = s.set(g, topOf(g))
			}
		}
		if r, ok := in.Result.(*ir.VarRef); ok {
			s = s.set(r.V, topOf(r.V))
		}
		return []edge{{To: next, State: s}}
	}
	return []edge{{To: next, State: st}}
}

func topOf(v *ir.Var) Interval {
	if it, ok := trackable(v.Type); ok {
		return Top(it)
	}
	return Interval{}
}

// eval over-approximates e's value; ok is false for non-integer types.
func (a *analyzer) eval(st State, e ir.Expr) (Interval, bool) {
	t, ok := trackable(e.Type())
	if !ok {
		return Interval{}, false
	}
	switch e := e.(type) {
	case *ir.Const:
		v := ConstValue(t, e.Bits)
		return Single(t, v), true
	case *ir.VarRef:
		if st.tracked[e.V] {
			return st.get(e.V), true
		}
	case *ir.Cast:
		x, ok := a.eval(st, e.X)
		if !ok {
			return Top(t), true
		}
		if t.IsBool() {
			return Bool(t, x.hasZero(), !x.isZero()), true
		}
		return wrap(t, x.Lo, x.Hi), true
	case *ir.Unary:
		x, ok := a.eval(st, e.X)
		switch e.Op {
		case ir.LNot:
			if !ok {
				return Bool(t, true, true), true
			}
			return Bool(t, !x.isZero(), x.hasZero()), true
		case ir.Neg:
			if ok {
				return wrap(t, new(big.Int).Neg(x.Hi), new(big.Int).Neg(x.Lo)), true
			}
		case ir.BNot:
			if ok {
				one := big.NewInt(1)
				return wrap(t, new(big.Int).Sub(new(big.Int).Neg(x.Hi), one), new(big.Int).Sub(new(big.Int).Neg(x.Lo), one)), true
			}
		}
	case *ir.Binary:
		switch e.Op {
		case ir.LAnd, ir.LOr:
			x, okx := a.eval(st, e.X)
			y, oky := a.eval(st, e.Y)
			xt, xf := !okx || !x.isZero(), !okx || x.hasZero()
			yt, yf := !oky || !y.isZero(), !oky || y.hasZero()
			if e.Op == ir.LAnd {
				return Bool(t, xf || yf, xt && yt), true
			}
			return Bool(t, xf && yf, xt || yt), true
		case ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge:
			x, okx := a.eval(st, e.X)
			y, oky := a.eval(st, e.Y)
			if !okx || !oky {
				return Bool(t, true, true), true
			}
			return compare(e.Op, t, x, y), true
		case ir.PtrAdd, ir.PtrSub:
			return Top(t), true
		}
		x, okx := a.eval(st, e.X)
		y, oky := a.eval(st, e.Y)
		if okx && oky {
			return arith(e.Op, t, x, y), true
		}
	case *ir.Cond:
		c, okc := a.eval(st, e.C)
		x, okx := a.eval(st, e.X)
		y, oky := a.eval(st, e.Y)
		if !okx || !oky {
			return Top(t), true
		}
		if okc && c.isZero() {
			return y, true
		}
		if okc && !c.hasZero() {
			return x, true
		}
		return x.Hull(y), true
	}
	return Top(t), true
}

// target returns the tracked variable whose value e equals, if any: e is
// the variable, or a cast of it that preserves every value it may have.
func (a *analyzer) target(st State, e ir.Expr) (*ir.Var, bool) {
	switch e := e.(type) {
	case *ir.VarRef:
		if st.tracked[e.V] {
			return e.V, true
		}
	case *ir.Cast:
		t, ok := trackable(e.T)
		if !ok || t.IsBool() {
			return nil, false
		}
		if _, ok := trackable(e.X.Type()); !ok {
			return nil, false
		}
		v, ok := a.target(st, e.X)
		if !ok {
			return nil, false
		}
		i := st.get(v)
		if i.Lo.Cmp(TypeMin(t)) >= 0 && i.Hi.Cmp(TypeMax(t)) <= 0 {
			return v, true
		}
	}
	return nil, false
}

// narrow intersects v with [lo, hi]; bottom when empty.
func narrowVar(st State, v *ir.Var, lo, hi *big.Int) State {
	if st.bot {
		return st
	}
	i, ok := st.get(v).Meet(lo, hi)
	if !ok {
		return st.bottom()
	}
	return st.set(v, i)
}

var negated = map[ir.BinOp]ir.BinOp{ir.Lt: ir.Ge, ir.Ge: ir.Lt, ir.Le: ir.Gt, ir.Gt: ir.Le, ir.Eq: ir.Ne, ir.Ne: ir.Eq}

// refine restricts st to the executions where c is nonzero (truth) or zero.
func (a *analyzer) refine(st State, c ir.Expr, truth bool) State {
	if st.bot {
		return st
	}
	if v, ok := a.eval(st, c); ok {
		if truth && v.isZero() || !truth && !v.hasZero() {
			return st.bottom()
		}
	}
	if r, ok := ir.RefineLogical(st, c, truth, a.refine, join); ok {
		return r
	}
	switch c := c.(type) {
	case *ir.Cast:
		if t, ok := trackable(c.T); ok {
			if x, ok := a.eval(st, c.X); ok {
				// Zero-ness survives a conversion to _Bool, or one that
				// preserves every value.
				if t.IsBool() || (x.Lo.Cmp(TypeMin(t)) >= 0 && x.Hi.Cmp(TypeMax(t)) <= 0) {
					return a.refine(st, c.X, truth)
				}
			}
		}
		return st
	case *ir.Binary:
		switch c.Op {
		case ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge:
			if _, ok := trackable(c.X.Type()); !ok {
				return st
			}
			op := c.Op
			if !truth {
				op = negated[op]
			}
			return a.refineCmp(st, op, c.X, c.Y)
		}
	}
	// A plain value: c != 0 or c == 0.
	if v, ok := a.target(st, c); ok {
		zero := new(big.Int)
		if truth {
			return a.refineCmp(st, ir.Ne, c, &ir.Const{T: c.Type(), Bits: 0})
		}
		return narrowVar(st, v, zero, zero)
	}
	return st
}

func (a *analyzer) refineCmp(st State, op ir.BinOp, x, y ir.Expr) State {
	switch op {
	case ir.Gt:
		return a.refineCmp(st, ir.Lt, y, x)
	case ir.Ge:
		return a.refineCmp(st, ir.Le, y, x)
	}
	xi, okx := a.eval(st, x)
	yi, oky := a.eval(st, y)
	if !okx || !oky {
		return st
	}
	one := big.NewInt(1)
	var xlo, xhi, ylo, yhi *big.Int = xi.Lo, xi.Hi, yi.Lo, yi.Hi
	switch op {
	case ir.Lt:
		xhi = Min(xhi, new(big.Int).Sub(yi.Hi, one))
		ylo = Max(ylo, new(big.Int).Add(xi.Lo, one))
	case ir.Le:
		xhi = Min(xhi, yi.Hi)
		ylo = Max(ylo, xi.Lo)
	case ir.Eq:
		xlo, xhi = Max(xi.Lo, yi.Lo), Min(xi.Hi, yi.Hi)
		ylo, yhi = xlo, xhi
	case ir.Ne:
		if c, ok := yi.Const(); ok {
			xlo, xhi = excludeBound(xlo, xhi, c)
		}
		if c, ok := xi.Const(); ok {
			ylo, yhi = excludeBound(ylo, yhi, c)
		}
	default:
		return st
	}
	if xlo.Cmp(xhi) > 0 || ylo.Cmp(yhi) > 0 {
		return st.bottom()
	}
	if v, ok := a.target(st, x); ok {
		st = narrowVar(st, v, xlo, xhi)
	}
	if v, ok := a.target(st, y); ok {
		st = narrowVar(st, v, ylo, yhi)
	}
	return st
}

func excludeBound(lo, hi, c *big.Int) (*big.Int, *big.Int) {
	if lo.Cmp(c) == 0 {
		lo = new(big.Int).Add(lo, big.NewInt(1))
	}
	if hi.Cmp(c) == 0 && hi.Cmp(lo) >= 0 {
		hi = new(big.Int).Sub(hi, big.NewInt(1))
	}
	return lo, hi
}

// collectThresholds gathers the constants of f (and their neighbours) as
// widening thresholds: those of the values assigned and the conditions,
// not under an address-of (addresses are not compared with tracked
// values).
func (a *analyzer) collectThresholds() {
	a.thresholds = NewThresholds()
	for _, in := range a.f.Body {
		switch in := in.(type) {
		case *ir.Assign:
			a.thresholds.AddConsts(in.Rhs, false)
		case *ir.Assume:
			a.thresholds.AddConsts(in.Cond, false)
		case *ir.Assert:
			a.thresholds.AddConsts(in.Cond, false)
		case *ir.Goto:
			if in.Cond != nil {
				a.thresholds.AddConsts(in.Cond, false)
			}
		}
	}
}

// widen extrapolates old towards nw (nw ⊒ old): a bound that grew jumps to
// the next threshold, or to the type's bound. The thresholds are finite,
// so every ascending chain stabilises.
func (a *analyzer) widen(old, nw State) State {
	if old.bot || nw.bot {
		return nw
	}
	m := map[*ir.Var]Interval{}
	for v, i := range nw.m {
		o, ok := old.m[v]
		if !ok {
			continue
		}
		w := a.thresholds.Widen(o, i)
		if !w.IsTop() {
			m[v] = w
		}
	}
	return State{m: m, tracked: nw.tracked}
}
