package interval

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"sort"

	"github.com/prbmc/prbmc/verifier/ir"
)

// State is the abstract state before one instruction: an interval per
// tracked variable, or bottom (the point is unreachable).
type State struct {
	bot     bool
	m       map[*ir.Var]Interval // tracked integer variables not at top
	fm      map[*ir.Var]Float    // tracked float variables not at top
	tracked map[*ir.Var]bool
}

// IsBottom reports whether no execution reaches the point.
func (s State) IsBottom() bool { return s.bot }

// Interval returns v's interval. ok is false when v is not tracked (it
// lives in memory, is not an integer, or is another function's local):
// then nothing is known of it. Tracked variables without a bound are
// top; at a bottom state every tracked variable reports top too.
// Float variables are reported by Float only: the clients of Interval
// (k-induction's invariants, contractors, loop summaries) model
// integers.
func (s State) Interval(v *ir.Var) (Interval, bool) {
	if _, ok := trackable(v.Type); !ok || !s.tracked[v] {
		return Interval{}, false
	}
	if i, ok := s.m[v]; ok {
		return i, true
	}
	return Top(v.Type.(*ir.IntType)), true
}

// Float returns float variable v's set of values, as Interval does for
// integers: ok is false when v is not a tracked float or double.
func (s State) Float(v *ir.Var) (Float, bool) {
	ft, ok := floatTrackable(v.Type)
	if !ok || !s.tracked[v] {
		return Float{}, false
	}
	if f, ok := s.fm[v]; ok {
		return f, true
	}
	return FloatTop(ft), true
}

// Vars lists the tracked integer variables with a non-top interval, by
// kind and ID.
func (s State) Vars() []*ir.Var { return sortVars(s.m) }

// FloatVars lists the tracked float variables not at top, by kind and ID.
func (s State) FloatVars() []*ir.Var { return sortVars(s.fm) }

func sortVars[T any](m map[*ir.Var]T) []*ir.Var {
	vs := make([]*ir.Var, 0, len(m))
	for v := range m {
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
	for i, v := range s.FloatVars() {
		if i > 0 || len(s.m) > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%s: %s", v.Name, s.fm[v])
	}
	return out + "}"
}

func (s State) clone() State {
	m := make(map[*ir.Var]Interval, len(s.m))
	for v, i := range s.m {
		m[v] = i
	}
	fm := make(map[*ir.Var]Float, len(s.fm))
	for v, f := range s.fm {
		fm[v] = f
	}
	return State{bot: s.bot, m: m, fm: fm, tracked: s.tracked}
}

func (s State) get(v *ir.Var) Interval {
	i, _ := s.Interval(v)
	return i
}

// setFloat returns s with float variable v := f.
func (s State) setFloat(v *ir.Var, f Float) State {
	ft, ok := floatTrackable(v.Type)
	if s.bot || !ok || !s.tracked[v] {
		return s
	}
	n := s.clone()
	if f.IsTop() {
		delete(n.fm, v)
	} else {
		f.T = ft
		n.fm[v] = f
	}
	return n
}

// setTop returns s with nothing known of v.
func (s State) setTop(v *ir.Var) State {
	if s.bot || !s.tracked[v] {
		return s
	}
	n := s.clone()
	delete(n.m, v)
	delete(n.fm, v)
	return n
}

// set returns s with v := i (removing v when i is top).
func (s State) set(v *ir.Var, i Interval) State {
	if _, ok := trackable(v.Type); s.bot || !ok || !s.tracked[v] {
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
	fm := map[*ir.Var]Float{}
	for v, f := range a.fm {
		if g, ok := b.fm[v]; ok {
			if h := f.Hull(g); !h.IsTop() {
				fm[v] = h
			}
		}
	}
	return State{m: m, fm: fm, tracked: a.tracked}
}

func equal(a, b State) bool {
	if a.bot || b.bot {
		return a.bot == b.bot
	}
	if len(a.m) != len(b.m) || len(a.fm) != len(b.fm) {
		return false
	}
	for v, i := range a.m {
		if j, ok := b.m[v]; !ok || !i.equal(j) {
			return false
		}
	}
	for v, f := range a.fm {
		if g, ok := b.fm[v]; !ok || !f.equal(g) {
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

// registerVars returns the integer, float and double variables whose
// address is never taken anywhere in p: only they can be tracked.
func registerVars(p *ir.Program, f *ir.Function) map[*ir.Var]bool {
	inMem := ir.AddressTaken(p)
	reg := map[*ir.Var]bool{}
	add := func(v *ir.Var) {
		_, isInt := trackable(v.Type)
		_, isFloat := floatTrackable(v.Type)
		if (isInt || isFloat) && !inMem[v] && !v.AddrTaken {
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

func (l lattice) Entry() State {
	return State{m: map[*ir.Var]Interval{}, fm: map[*ir.Var]Float{}, tracked: l.a.tracked}
}
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
		if ft, ok := floatTrackable(in.V.Type); ok && in.HasInit {
			return []edge{{To: next, State: st.setFloat(in.V, FloatSingle(ft, 0))}}
		}
		return []edge{{To: next, State: st.setTop(in.V)}}
	case *ir.Dead:
		return []edge{{To: next, State: st.setTop(in.V)}}
	case *ir.Assign:
		if r, ok := in.Lhs.(*ir.VarRef); ok && st.tracked[r.V] {
			if ft, ok := floatTrackable(r.V.Type); ok {
				f, ok := a.evalF(st, in.Rhs)
				if !ok {
					f = FloatTop(ft)
				}
				return []edge{{To: next, State: st.setFloat(r.V, f)}}
			}
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
				s = s.setTop(g)
			}
		}
		if r, ok := in.Result.(*ir.VarRef); ok {
			s = s.setTop(r.V)
		}
		return []edge{{To: next, State: s}}
	}
	return []edge{{To: next, State: st}}
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
		if fx, ok := a.evalF(st, e.X); ok {
			if t.IsBool() {
				z, nz := floatTruth(fx)
				return Bool(t, z, nz), true
			}
			return floatToInt(t, fx), true
		}
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
			if fx, okf := a.evalF(st, e.X); okf {
				z, nz := floatTruth(fx)
				return Bool(t, nz, z), true
			}
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
			xf, xt := a.truth(st, e.X)
			yf, yt := a.truth(st, e.Y)
			if e.Op == ir.LAnd {
				return Bool(t, xf || yf, xt && yt), true
			}
			return Bool(t, xf && yf, xt || yt), true
		case ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge:
			if fx, ok := a.evalF(st, e.X); ok {
				if fy, ok := a.evalF(st, e.Y); ok {
					return floatCompare(e.Op, t, fx, fy), true
				}
				return Bool(t, true, true), true
			}
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
		c0, c1 := a.truth(st, e.C)
		x, okx := a.eval(st, e.X)
		y, oky := a.eval(st, e.Y)
		if !okx || !oky {
			return Top(t), true
		}
		if !c1 {
			return y, true
		}
		if !c0 {
			return x, true
		}
		return x.Hull(y), true
	}
	return Top(t), true
}

// truth says whether e, an integer or a float, may be zero and whether
// it may be nonzero.
func (a *analyzer) truth(st State, e ir.Expr) (maybe0, maybe1 bool) {
	if f, ok := a.evalF(st, e); ok {
		return floatTruth(f)
	}
	if i, ok := a.eval(st, e); ok {
		return i.hasZero(), !i.isZero()
	}
	return true, true
}

// floatToInt bounds the conversion of f to t, truncating toward zero.
// Out of range (or NaN) the conversion is undefined — the solver's value
// is unspecified, the interpreter faults — so any value may result.
func floatToInt(t *ir.IntType, f Float) Interval {
	if f.NaN || f.Empty() {
		return Top(t)
	}
	lo, hi := math.Trunc(f.Lo), math.Trunc(f.Hi)
	tlo, _ := new(big.Float).SetInt(TypeMin(t)).Float64()
	thi, _ := new(big.Float).SetInt(new(big.Int).Add(TypeMax(t), big.NewInt(1))).Float64()
	if !(lo >= tlo && hi < thi) { // both powers of two, exact
		return Top(t)
	}
	l, _ := big.NewFloat(lo).Int(nil)
	h, _ := big.NewFloat(hi).Int(nil)
	return Interval{T: t, Lo: l, Hi: h}
}

// evalF over-approximates the value of e of type float or double; ok is
// false for other types.
func (a *analyzer) evalF(st State, e ir.Expr) (Float, bool) {
	t, ok := floatTrackable(e.Type())
	if !ok {
		return Float{}, false
	}
	switch e := e.(type) {
	case *ir.FloatConst:
		if math.IsNaN(e.V) {
			return Float{T: t, Lo: math.Inf(1), Hi: math.Inf(-1), NaN: true}, true
		}
		return FloatSingle(t, e.V), true
	case *ir.VarRef:
		if st.tracked[e.V] {
			f, _ := st.Float(e.V)
			return f, true
		}
	case *ir.Cast:
		if fx, ok := a.evalF(st, e.X); ok {
			// float -> double is exact, double -> float rounds: both
			// monotone, NaN stays NaN.
			fx.T = t
			if !fx.Empty() {
				fx.Lo, fx.Hi = roundTo(t, fx.Lo), roundTo(t, fx.Hi)
			}
			return fx, true
		}
		if x, ok := a.eval(st, e.X); ok {
			// Conversion from an integer is monotone (round to nearest)
			// and never NaN; Go converts as the program does.
			return Float{T: t, Lo: intToFloat(t, x.Lo), Hi: intToFloat(t, x.Hi)}, true
		}
	case *ir.Unary:
		if e.Op == ir.Neg {
			if x, ok := a.evalF(st, e.X); ok && x.T.Bits == t.Bits {
				if x.Empty() {
					return x, true
				}
				return Float{T: t, Lo: -x.Hi, Hi: -x.Lo, NaN: x.NaN}, true
			}
		}
	case *ir.Binary:
		x, okx := a.evalF(st, e.X)
		y, oky := a.evalF(st, e.Y)
		if okx && oky && x.T.Bits == t.Bits && y.T.Bits == t.Bits {
			return FloatArith(e.Op, t, x, y), true
		}
	case *ir.Cond:
		c0, c1 := a.truth(st, e.C)
		x, okx := a.evalF(st, e.X)
		y, oky := a.evalF(st, e.Y)
		if !okx || !oky {
			return FloatTop(t), true
		}
		if !c1 {
			return y, true
		}
		if !c0 {
			return x, true
		}
		return x.Hull(y), true
	}
	return FloatTop(t), true
}

// intToFloat converts the integer x (within 64 bits) to t as a C
// conversion rounds.
func intToFloat(t *ir.FloatType, x *big.Int) float64 {
	if x.IsInt64() {
		if t.Bits == 32 {
			return float64(float32(x.Int64()))
		}
		return float64(x.Int64())
	}
	if t.Bits == 32 {
		return float64(float32(x.Uint64()))
	}
	return float64(x.Uint64())
}

// target returns the tracked variable whose value e equals, if any: e is
// the variable, or a cast of it that preserves every value it may have.
func (a *analyzer) target(st State, e ir.Expr) (*ir.Var, bool) {
	switch e := e.(type) {
	case *ir.VarRef:
		if _, ok := trackable(e.V.Type); ok && st.tracked[e.V] {
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
	if maybe0, maybe1 := a.truth(st, c); truth && !maybe1 || !truth && !maybe0 {
		return st.bottom()
	}
	if r, ok := ir.RefineLogical(st, c, truth, a.refine, join); ok {
		return r
	}
	switch c := c.(type) {
	case *ir.Cast:
		if t, ok := trackable(c.T); ok {
			if _, ok := floatTrackable(c.X.Type()); ok && t.IsBool() {
				return a.refine(st, c.X, truth) // (_Bool)x is x != 0
			}
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
			if _, ok := floatTrackable(c.X.Type()); ok {
				return a.refineFloatCmp(st, c.Op, truth, c.X, c.Y)
			}
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
	// A plain value: c != 0 or c == 0. A float is zero (either zero, not
	// NaN) or not: only the first says something.
	if v, ok := a.floatTarget(st, c); ok {
		if !truth {
			f, _ := st.Float(v)
			if f, ok := f.meetNum(0, 0); ok {
				return st.setFloat(v, f)
			}
			return st.bottom()
		}
		return st
	}
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

// floatTarget returns the tracked float variable whose value e equals:
// the variable, or its exact conversion float -> double.
func (a *analyzer) floatTarget(st State, e ir.Expr) (*ir.Var, bool) {
	switch e := e.(type) {
	case *ir.VarRef:
		if _, ok := floatTrackable(e.V.Type); ok && st.tracked[e.V] {
			return e.V, true
		}
	case *ir.Cast:
		to, ok := floatTrackable(e.T)
		from, ok2 := floatTrackable(e.X.Type())
		if ok && ok2 && to.Bits >= from.Bits {
			return a.floatTarget(st, e.X)
		}
	}
	return nil, false
}

// refineFloatCmp restricts st to the executions where x op y has the
// given truth. An ordered comparison that holds says neither side is
// NaN; one that fails says nothing unless neither side can be NaN —
// !(x < y) is not x >= y. x != y holding says nothing either.
func (a *analyzer) refineFloatCmp(st State, op ir.BinOp, truth bool, x, y ir.Expr) State {
	fx, okx := a.evalF(st, x)
	fy, oky := a.evalF(st, y)
	if !okx || !oky {
		return st
	}
	switch {
	case truth && op == ir.Ne, !truth && op == ir.Eq:
		return st
	case truth:
	case op == ir.Ne:
		op = ir.Eq
	default:
		if fx.NaN || fy.NaN {
			return st
		}
		op = negated[op]
	}
	switch op {
	case ir.Gt:
		op, x, y, fx, fy = ir.Lt, y, x, fy, fx
	case ir.Ge:
		op, x, y, fx, fy = ir.Le, y, x, fy, fx
	}
	inf := math.Inf(1)
	var nx, ny Float
	var ok1, ok2 bool
	switch op {
	case ir.Lt:
		nx, ok1 = fx.meetNum(-inf, below(fx.T, fy.Hi))
		ny, ok2 = fy.meetNum(above(fy.T, fx.Lo), inf)
	case ir.Le:
		nx, ok1 = fx.meetNum(-inf, fy.Hi)
		ny, ok2 = fy.meetNum(fx.Lo, inf)
	case ir.Eq:
		nx, ok1 = fx.meetNum(fy.Lo, fy.Hi)
		ny, ok2 = fy.meetNum(fx.Lo, fx.Hi)
	default:
		return st
	}
	if !ok1 || !ok2 {
		return st.bottom()
	}
	for _, s := range []struct {
		e ir.Expr
		f Float
	}{{x, nx}, {y, ny}} {
		if v, ok := a.floatTarget(st, s.e); ok {
			cur, _ := st.Float(v)
			m, ok := cur.meetNum(s.f.Lo, s.f.Hi)
			if !ok {
				return st.bottom()
			}
			st = st.setFloat(v, m)
		}
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
	fm := map[*ir.Var]Float{}
	for v, f := range nw.fm {
		o, ok := old.fm[v]
		if !ok {
			continue
		}
		if w := a.thresholds.widenFloat(o, f); !w.IsTop() {
			fm[v] = w
		}
	}
	return State{m: m, fm: fm, tracked: nw.tracked}
}
