package contractor

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/prbmc/prbmc/verifier/interval"
	"github.com/prbmc/prbmc/verifier/ir"
)

// Query is one verification query: the program to check and the
// properties it decides. Pruned queries decide one property each, on a
// program whose loops no longer run iterations that cannot violate it;
// the other properties' asserts are assumes there (Instrument).
type Query struct {
	Props   []*ir.Property
	Program *ir.Program
	Pruned  bool
}

// Instrument runs the method of Algorithms 4 and 5 on the entry function:
// for every assertion of the entry, the CSP of its condition with domains
// from the interval analysis iv (of the entry; computed when nil), the
// contracted boxes, and, for every top-level loop after which it is
// checked, the region S_in at the end of the loop body that is provably
// safe for it (see pruneLoop for when that is sound). It returns the
// queries to run — one per assertion with a pruned loop, one for the
// rest — and the explanation. Without any pruning it returns a single
// query over p itself. p is never modified.
func Instrument(ctx context.Context, p *ir.Program, entry string, iv *interval.Result) ([]Query, *Explanation, error) {
	f := p.Func(entry)
	if f == nil || !f.HasBody() {
		return nil, nil, fmt.Errorf("contractor: no function %q with a body", entry)
	}
	if iv == nil {
		var err error
		if iv, err = interval.Analyze(ctx, p, f); err != nil {
			return nil, nil, fmt.Errorf("contractor: interval analysis: %w", err)
		}
	}
	ex := &Explanation{Entry: entry}
	var reach []*ir.Function // what runs: the initializers, then the entry and its callees
	for _, g := range ir.Reachable(p.Init, f) {
		if g.HasBody() {
			reach = append(reach, g)
		}
	}
	var props []*ir.Property
	sites := map[*ir.Property][]site{}
	for _, g := range reach {
		for pc, in := range g.Body {
			switch in := in.(type) {
			case *ir.Assert:
				if _, ok := sites[in.Prop]; !ok {
					props = append(props, in.Prop)
				}
				sites[in.Prop] = append(sites[in.Prop], siteOf(g, pc, in))
			case *ir.Unsupported:
				if ex.Refused == "" {
					ex.Refused = fmt.Sprintf("the program has an unsupported construct (%s at %s): its outcome is unknown, so no execution may be pruned", in.Construct, in.P)
				}
			case *ir.Call:
				if in.Fn == f {
					ex.Refused = fmt.Sprintf("%s is called at %s: pruning reasons about one activation of it", entry, in.P)
				}
			}
		}
	}
	single := []Query{{Props: props, Program: p}}
	a := &analysis{ctx: ctx, p: p, f: f, iv: iv, facts: map[*ir.Loop]*loopFacts{}, factErr: map[*ir.Loop]error{}}
	// Every loop is analysed once, over the variables of all assertions.
	a.extra = NewSpace()
	for _, pr := range props {
		for _, st := range sites[pr] {
			if st.f != f {
				continue
			}
			if sp, err := a.spaceOf(st.cond, iv.At(st.pc)); err == nil {
				for _, v := range sp.Vars {
					a.extra.add(v)
				}
			}
		}
	}
	for _, pr := range props {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		rep := &PropReport{Prop: pr}
		ex.Props = append(ex.Props, rep)
		ss := sites[pr]
		switch {
		case len(ss) != 1:
			rep.Refused = fmt.Sprintf("checked at %d places: only single assertions of the entry function are analysed", len(ss))
			continue
		case ss[0].f != f:
			rep.Refused = fmt.Sprintf("checked in %s, not in %s: only assertions of the entry function are analysed", ss[0].f.Name, entry)
			continue
		}
		a.analyzeProp(rep, ss[0])
	}
	if ex.Refused != "" {
		for _, r := range ex.Props {
			r.Pruned = nil
		}
		return single, ex, nil
	}
	var queries []Query
	disabled := map[*ir.Property]bool{}
	var rest []*ir.Property
	for _, r := range ex.Props {
		if len(r.Pruned) == 0 {
			rest = append(rest, r.Prop)
			continue
		}
		disabled[r.Prop] = true
		ins := map[int][]ir.Instr{}
		for _, l := range r.Pruned {
			ins[l.Loop.Latch] = append(ins[l.Loop.Latch], &ir.Assume{At: ir.At{P: f.Body[l.Loop.Latch].Pos()}, Cond: l.Assume})
		}
		others := map[*ir.Property]bool{}
		for _, q := range props {
			others[q] = q != r.Prop
		}
		qp := copyProgram(p, rewrite{insert: map[*ir.Function]map[int][]ir.Instr{f: ins}, disable: others})
		if err := ir.CheckProgram(qp); err != nil {
			return nil, nil, fmt.Errorf("contractor: instrumented program is malformed: %w", err)
		}
		queries = append(queries, Query{Props: []*ir.Property{r.Prop}, Program: qp, Pruned: true})
	}
	if len(queries) == 0 {
		return single, ex, nil
	}
	if len(rest) > 0 {
		// The other properties' query still unwinds every loop fully, so
		// the pruned queries would only add work: run the program as is.
		var ids []string
		for _, r := range rest {
			ids = append(ids, r.ID)
		}
		ex.NotApplied = fmt.Sprintf("%s %s no pruning, and a query for %s would unwind the loops in full anyway", strings.Join(ids, ", "), plural(len(ids), "has", "have"), plural(len(ids), "it", "them"))
		return single, ex, nil
	}
	return queries, ex, nil
}

// site is where a property is decided: the assertion fails exactly when
// execution reaches pc with cond false.
type site struct {
	f    *ir.Function
	pc   int
	a    *ir.Assert
	cond ir.Expr
}

// siteOf is the assertion at pc, or, for the shape `if (C) goto past;
// assert(0)` (a reach_error() call under a condition), the conditional
// jump with cond C: the assert is reached only by falling through the jump
// (the instructions between are skips nobody jumps to), so it fails
// exactly when the jump sees C false.
func siteOf(f *ir.Function, pc int, a *ir.Assert) site {
	st := site{f: f, pc: pc, a: a, cond: a.Cond}
	if c, ok := a.Cond.(*ir.Const); !ok || c.Bits != 0 {
		return st // a real condition is the better constraint
	}
	g := pc - 1
	for g >= 0 {
		if _, ok := f.Body[g].(*ir.Skip); !ok {
			break
		}
		g--
	}
	if g < 0 {
		return st
	}
	jump, ok := f.Body[g].(*ir.Goto)
	if !ok || jump.Cond == nil || jump.Target <= pc {
		return st
	}
	for q, in := range f.Body {
		if j, ok := in.(*ir.Goto); ok && j.Target > g && j.Target <= pc && q != g {
			return st // another way into the assert
		}
	}
	if pc == 0 {
		return st
	}
	return site{f: f, pc: g, a: a, cond: jump.Cond}
}

type analysis struct {
	ctx context.Context
	p   *ir.Program
	f   *ir.Function
	iv  *interval.Result
	lf  *loopFacts // the loop being analysed, when there is one
	// facts caches the loop analyses (over extra, the variables of every
	// assertion); budget counts their path steps.
	facts   map[*ir.Loop]*loopFacts
	factErr map[*ir.Loop]error
	extra   *Space
	budget  int
}

// sideAt is v's side in st: its interval, or for a float its values'
// ordinals; ok is false when the interval analysis does not track v.
func sideAt(st interval.State, v *ir.Var) (Ival, bool) {
	if in, ok := st.Interval(v); ok {
		return FromInterval(in), true
	}
	if f, ok := st.Float(v); ok {
		return fromFloat(f), true
	}
	return Ival{}, false
}

// spaceOf collects the variables of e; all must be tracked by the
// interval analysis (register integers and floats), else the reason.
func (a *analysis) spaceOf(e ir.Expr, st interval.State) (*Space, error) {
	s := NewSpace()
	var err error
	ir.Inspect(e, func(x ir.Expr) bool {
		if r, ok := x.(*ir.VarRef); ok && err == nil {
			if _, ok := sideAt(st, r.V); !ok {
				err = fmt.Errorf("%s is not a register integer or float variable (it lives in memory or has another type)", varName(r.V))
				return false
			}
			s.add(r.V)
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	if err := Check(s, e); err != nil {
		return nil, err
	}
	return s, nil
}

// domainAt is the box of the interval analysis before pc.
func (a *analysis) domainAt(s *Space, pc int) Box {
	st := a.iv.At(pc)
	b := make(Box, len(s.Vars))
	for i, v := range s.Vars {
		if st.IsBottom() {
			b[i] = Ival{big.NewInt(1), new(big.Int)}
			continue
		}
		b[i], _ = sideAt(st, v)
	}
	return b
}

func (a *analysis) analyzeProp(rep *PropReport, st site) {
	cond := st.cond
	s, err := a.spaceOf(cond, a.iv.At(st.pc))
	if err != nil {
		rep.Refused = "property analysis: " + err.Error()
		return
	}
	rep.At = st.a.P
	if len(s.Vars) == 0 {
		rep.Note = "the assertion reads no variable"
		return
	}
	csp, err := NewCSP(s, a.domainAt(s, st.pc), Closed, Conjuncts(cond)...)
	if err != nil {
		rep.Refused = "property analysis: " + err.Error()
		return
	}
	rep.CSP = csp
	if csp.Domain.Empty() {
		rep.Note = "the assertion is unreachable (the interval analysis proves it)"
		return
	}
	rep.Sets = csp.Solve()
	for _, l := range a.f.Loops {
		if l.Parent != nil {
			continue
		}
		if lr := a.pruneLoop(l, st, s); lr != nil {
			rep.Loops = append(rep.Loops, lr)
			if lr.Assume != nil {
				rep.Pruned = append(rep.Pruned, lr)
			}
		}
	}
}

// direction of a variable across a loop.
type direction int

const (
	unchanged direction = iota
	increasing
	decreasing
)

func (d direction) String() string {
	return [...]string{"unchanged", "non-decreasing", "non-increasing"}[d]
}

// update is an assignment v := v ± d inside the loop.
type update struct {
	pc   int
	dir  direction
	step *big.Int // the largest |change| of one execution
}

// pruneLoop decides whether states at the end of l's body may be pruned
// for the assertion at st, and which. It is sound when, for every state s
// reachable at the end of the body (before the latch) with values in a
// pruned region R, no execution continuing from s fails the assertion:
// then removing those states removes no violation, and the remaining
// program's executions are exactly what BMC must cover (its unwinding
// checks then speak of them, so a "safe" of the pruned program is a
// proof). The argument, and the checks that make it hold:
//
//   - l is a top-level loop of the entry, entered at most once per run:
//     its latch is its only backward jump, nothing jumps into its middle,
//     and the entry is not called (checked by Instrument);
//   - every write to a variable x of the assertion that can execute after
//     the end of the body is an update x := x + d (or x - d) inside l
//     whose change has one sign for all of x's updates (x is monotone),
//     with no wrap-around: either the interval at the update proves it, or
//     an iteration bound does (a counter updated by a constant on every
//     iteration, within its interval, bounds how often x is updated);
//     calls that may write a global x, declarations and other writes of x
//     refuse;
//   - hence every later value x' of x (in the loop or at the assertion)
//     satisfies x' >= x (or <=, or =). R extends each S_in box in x's
//     direction up to the type's bound (and down to it where the box
//     starts at the domain's bound: smaller values are not reachable), so
//     a state in R reaches the assertion only with values in R ∩ D, D
//     the interval box at the assertion; the inner contractor must show
//     the assertion holds on all of R ∩ D. A box at the start or in the
//     middle of the loop (§V-E) fails that check and is not pruned.
func (a *analysis) pruneLoop(l *ir.Loop, st site, s *Space) *LoopReport {
	f := a.f
	lr := &LoopReport{Loop: l}
	refuse := func(format string, args ...any) *LoopReport {
		lr.Refused = fmt.Sprintf(format, args...)
		return lr
	}
	after := a.reachFrom(l.Latch)
	if !after[st.pc] {
		return nil // the assertion is not checked after this loop
	}
	if l.Head >= l.Latch {
		return refuse("the loop has an empty body")
	}
	for pc, in := range f.Body {
		g, ok := in.(*ir.Goto)
		if !ok {
			continue
		}
		if pc != l.Latch && l.Contains(pc) && g.Target <= pc {
			return refuse("the loop has another backward jump at %s (nested loop or continue to the head)", g.P)
		}
		if !l.Contains(pc) && g.Target > l.Head && g.Target <= l.Latch {
			return refuse("a jump at %s enters the middle of the loop", g.P)
		}
	}
	lf, err := a.loopFactsOf(l)
	if err != nil {
		return refuse("%v", err)
	}
	a.lf = lf
	defer func() { a.lf = nil }()
	// Monotonicity of every variable of the assertion.
	dirs := make([]direction, len(s.Vars))
	ups := make([][]update, len(s.Vars))
	for i, v := range s.Vars {
		for pc := range f.Body {
			if !after[pc] {
				continue
			}
			in := f.Body[pc]
			w, what := writes(in, v)
			if !w {
				continue
			}
			if what != "" || !l.Contains(pc) {
				if what == "" {
					what = "is assigned"
				}
				return refuse("%s %s at %s, after the loop body: not monotone across the loop", varName(v), what, in.Pos())
			}
			u, ok := a.monotoneUpdate(v, pc, in.(*ir.Assign))
			if !ok {
				return refuse("%s is not monotone: %s at %s is not an update %s = %s ± d with d of one sign", varName(v), ir.InstrString(in), in.Pos(), varName(v), varName(v))
			}
			if u.dir != unchanged {
				if dirs[i] != unchanged && dirs[i] != u.dir {
					return refuse("%s is not monotone: it both increases and decreases in the loop (%s at %s)", varName(v), ir.InstrString(in), in.Pos())
				}
				dirs[i] = u.dir
			}
			ups[i] = append(ups[i], u)
		}
	}
	// No wrap-around: the interval at each update, else an iteration bound.
	refined := make([]Ival, len(s.Vars))
	var ctr *counter
	for i, v := range s.Vars {
		t := s.typ(i)
		refined[i] = s.full(i)
		if len(ups[i]) == 0 {
			lr.Monotone = append(lr.Monotone, fmt.Sprintf("%s is not written in or after the loop", varName(v)))
			continue
		}
		direct := true
		for _, u := range ups[i] {
			if !a.noWrapAt(v, u) {
				direct = false
			}
		}
		if ctr == nil {
			ctr = a.findCounter(l)
		}
		bound, ok := Ival{}, false
		if _, isInt := t.(*ir.IntType); isInt && ctr != nil {
			bound, ok = a.boundByCounter(l, v, dirs[i], ups[i], ctr)
		}
		switch {
		case ok:
			refined[i] = bound
			lr.Monotone = append(lr.Monotone, fmt.Sprintf("%s is %s and stays in %s: at most %s iterations (counter %s), no wrap-around", varName(v), dirs[i], fmtSide(t, bound), new(big.Int).Add(ctr.m, big.NewInt(1)), varName(ctr.v)))
		case direct && isFloat(t):
			lr.Monotone = append(lr.Monotone, fmt.Sprintf("%s is %s: its updates add finite numbers of one sign (rounding is monotone, NaN stays NaN)", varName(v), dirs[i]))
		case direct:
			lr.Monotone = append(lr.Monotone, fmt.Sprintf("%s is %s; the intervals at its updates exclude wrap-around", varName(v), dirs[i]))
		default:
			return refuse("%s may wrap around: the updates of %s are not bounded by the intervals or an iteration count, so it is not proven monotone under two's complement", varName(v), varName(v))
		}
	}
	// The domain at the end of the body, and Algorithm 5 on it.
	dom := a.domainAt(s, l.Latch).Meet(lf.project(lf.atPC(l.Latch), s))
	for i := range dom {
		dom[i] = dom[i].Meet(refined[i])
	}
	if dom.Empty() {
		return refuse("the end of the loop body is unreachable")
	}
	csp, err := NewCSP(s, dom, Closed, Conjuncts(st.cond)...)
	if err != nil {
		return refuse("%v", err)
	}
	lr.CSP = csp
	lr.Sets = csp.Solve()
	atSite := a.domainAt(s, st.pc)
	switch {
	case l.Contains(st.pc):
		atSite = atSite.Meet(lf.project(lf.atPC(st.pc), s))
	case lf.exit == nil:
		return refuse("the loop never exits")
	default: // the assertion's variables keep their values from the exit on
		atSite = atSite.Meet(lf.project(lf.exit, s))
	}
	for i := range atSite {
		atSite[i] = atSite[i].Meet(refined[i])
	}
	check, _ := NewCSP(s, atSite, Integer, Conjuncts(st.cond)...)
	// The regions to prune: each S_in box extended in the variables'
	// directions, kept only if the assertion holds on all of it.
	prunable := func(in Union) (regions, kept Union) {
		for _, b := range in {
			r := make(Box, len(b))
			for i := range b {
				t := s.full(i)
				lo, hi := b[i].Lo, b[i].Hi
				if lo.Cmp(dom[i].Lo) <= 0 || dirs[i] == decreasing {
					lo = t.Lo
				}
				if hi.Cmp(dom[i].Hi) >= 0 || dirs[i] == increasing {
					hi = t.Hi
					// A float's numbers stay numbers (its updates add
					// finite values): extend them up to +Inf, not to NaN.
					if ft, ok := s.typ(i).(*ir.FloatType); ok && !hasNaN(ft, b[i]) {
						hi = big.NewInt(infOrd(ft))
					}
				}
				r[i] = Ival{lo, hi}
			}
			if !check.Holds(r.Meet(atSite)) {
				kept = append(kept, b)
				continue
			}
			regions = append(regions, r)
		}
		return regions.normalize(), kept
	}
	regions, kept := prunable(lr.Sets.In)
	lr.Kept = kept
	covers := func(rs Union) bool { return len(rs) > 0 && (Union{dom}).Diff(rs).Empty() }
	if !covers(regions) {
		// The paper's closed complement keeps the constraint's border in
		// S_boundary (l = 1 for l >= 1). When the integers' exact
		// complement shows the whole domain safe, the loop body's end
		// need never be explored again: use it.
		icsp, _ := NewCSP(s, dom, Integer, Conjuncts(st.cond)...)
		isets := icsp.Solve()
		if ir, ik := prunable(isets.In); covers(ir) {
			regions, lr.Kept, lr.Sets, lr.CSP = ir, ik, isets, icsp
			lr.Monotone = append(lr.Monotone, "with the integers' exact complement (Integer mode) S_in is the whole domain")
		}
	}
	if len(regions) == 0 {
		if len(lr.Kept) > 0 {
			return refuse("S_in is at the start or in the middle of the loop (§V-E): continuing from it the assertion can still fail")
		}
		return refuse("S_in is empty: no state at the end of the body is known to satisfy the assertion")
	}
	lr.Regions = regions
	lr.Assume = assumeNot(s, regions)
	return lr
}

// loopFactsOf analyses l once.
func (a *analysis) loopFactsOf(l *ir.Loop) (*loopFacts, error) {
	if lf, ok := a.facts[l]; ok {
		return lf, nil
	}
	if err, ok := a.factErr[l]; ok {
		return nil, err
	}
	lf, err := a.analyzeLoop(l, a.extra)
	if err != nil {
		a.factErr[l] = err
		return nil, err
	}
	a.facts[l] = lf
	return lf, nil
}

// reachFrom is the set of instructions of the entry reachable from pc
// (pc included), following jumps and falls-through.
func (a *analysis) reachFrom(pc int) map[int]bool {
	seen := map[int]bool{}
	stack := []int{pc}
	n := len(a.f.Body)
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if q < 0 || q >= n || seen[q] {
			continue
		}
		seen[q] = true
		stack = append(stack, ir.Succs(a.f, q)...)
	}
	return seen
}

// writes reports whether in may change register variable v; what says
// how when it is not a plain assignment.
func writes(in ir.Instr, v *ir.Var) (bool, string) {
	switch in := in.(type) {
	case *ir.Assign:
		if r, ok := in.Lhs.(*ir.VarRef); ok && r.V == v {
			if _, nd := in.Rhs.(*ir.Nondet); nd {
				return true, "gets a nondeterministic value"
			}
			return true, ""
		}
	case *ir.Decl:
		if in.V == v {
			return true, "is declared"
		}
	case *ir.Dead:
		if in.V == v {
			return true, "ends its lifetime"
		}
	case *ir.Call:
		if r, ok := in.Result.(*ir.VarRef); ok && r.V == v {
			return true, "gets a call's result"
		}
		if in.Fn != nil && v.Kind == ir.Global {
			return true, "may be written by the call of " + in.Fn.Name
		}
	}
	return false, ""
}

// viewOf reports whether e is v, or a cast of v to a type holding all of
// v's values.
func viewOf(e ir.Expr, v *ir.Var) bool {
	switch e := e.(type) {
	case *ir.VarRef:
		return e.V == v
	case *ir.Cast:
		if ft, ok := floatDim(e.T); ok { // float -> double is exact
			vt, isF := floatDim(v.Type)
			r, isRef := e.X.(*ir.VarRef)
			return isF && isRef && r.V == v && ft.Bits >= vt.Bits
		}
		t, ok := interval.Trackable(e.T)
		if !ok || t.IsBool() {
			return false
		}
		if r, ok := e.X.(*ir.VarRef); ok && r.V == v {
			return fits(t, TypeIval(v.Type.(*ir.IntType)))
		}
	}
	return false
}

// parseUpdate matches v := v + d, v := d + v, v := v - d, possibly
// computed in a wider type and cast back: sign is +1 or -1.
func parseUpdate(v *ir.Var, rhs ir.Expr) (sign int, d ir.Expr, ok bool) {
	inner := rhs
	if c, isCast := rhs.(*ir.Cast); isCast {
		vt, vInt := interval.Trackable(v.Type)
		if t, ok := interval.Trackable(c.T); ok && vInt && !t.IsBool() && t.Bits == vt.Bits && t.Signed == vt.Signed {
			inner = c.X
		}
		if ir.SameType(c.T, v.Type) && isFloat(v.Type) {
			// float x = (float)(x + d) computed in double: rounding
			// twice keeps the direction (x is a double and a float).
			inner = c.X
		}
	}
	b, isBin := inner.(*ir.Binary)
	if !isBin {
		return 0, nil, false
	}
	if inner == rhs && !ir.SameType(b.T, v.Type) {
		return 0, nil, false
	}
	if _, isF := floatDim(b.T); isF != isFloat(v.Type) {
		return 0, nil, false
	}
	switch {
	case b.Op == ir.Add && viewOf(b.X, v):
		return 1, b.Y, true
	case b.Op == ir.Add && viewOf(b.Y, v):
		return 1, b.X, true
	case b.Op == ir.Sub && viewOf(b.X, v):
		return -1, b.Y, true
	}
	return 0, nil, false
}

// evalAt over-approximates e before pc with the interval analysis.
func (a *analysis) evalAt(pc int, e ir.Expr) (Ival, bool) {
	if a.lf != nil && a.lf.l.Contains(pc) && Check(a.lf.s, e) == nil {
		b := a.lf.atPC(pc)
		if b.Empty() {
			return Ival{}, false
		}
		return Forward(a.lf.s, b, e), true
	}
	st := a.iv.At(pc)
	if st.IsBottom() {
		return Ival{}, false
	}
	s := NewSpace()
	ok := true
	ir.Inspect(e, func(x ir.Expr) bool {
		if r, isRef := x.(*ir.VarRef); isRef {
			if _, tracked := sideAt(st, r.V); !tracked {
				ok = false
			}
			s.add(r.V)
		}
		return ok
	})
	if !ok || Check(s, e) != nil {
		return Ival{}, false
	}
	b := make(Box, len(s.Vars))
	for i, v := range s.Vars {
		b[i], _ = sideAt(st, v)
	}
	return Forward(s, b, e), true
}

// monotoneUpdate classifies the assignment in at pc to v.
func (a *analysis) monotoneUpdate(v *ir.Var, pc int, in *ir.Assign) (update, bool) {
	sign, d, ok := parseUpdate(v, in.Rhs)
	if !ok {
		return update{}, false
	}
	di, ok := a.evalAt(pc, d)
	if !ok || di.Empty() {
		return update{}, false
	}
	if dt, isF := floatDim(d.Type()); isF {
		// x ± d moves x one way only for finite d: x + Inf may be NaN.
		inf := infOrd(dt)
		if !NewIval(-inf+1, inf-1).Contains(di) {
			return update{}, false
		}
	}
	if sign < 0 {
		di = di.Neg()
	}
	u := update{pc: pc}
	switch {
	case di.Lo.Sign() == 0 && di.Hi.Sign() == 0:
		u.dir, u.step = unchanged, new(big.Int)
	case di.Lo.Sign() >= 0:
		u.dir, u.step = increasing, di.Hi
	case di.Hi.Sign() <= 0:
		u.dir, u.step = decreasing, new(big.Int).Neg(di.Lo)
	default:
		return update{}, false
	}
	return u, true
}

// noWrapAt: v's interval at the update plus the step stays in v's type.
func (a *analysis) noWrapAt(v *ir.Var, u update) bool {
	if isFloat(v.Type) {
		return true // floats saturate at ±Inf
	}
	in, ok := a.valueAt(u.pc, v)
	if !ok {
		return false
	}
	t := TypeIval(v.Type.(*ir.IntType))
	switch u.dir {
	case increasing:
		return new(big.Int).Add(in.Hi, u.step).Cmp(t.Hi) <= 0
	case decreasing:
		return new(big.Int).Sub(in.Lo, u.step).Cmp(t.Lo) >= 0
	}
	return true
}

// valueAt is v's interval before pc: the loop's facts inside it, else
// the interval analysis.
func (a *analysis) valueAt(pc int, v *ir.Var) (Ival, bool) {
	if a.lf != nil && a.lf.l.Contains(pc) {
		if i, ok := a.lf.valueAt(pc, v); ok {
			return i, true
		}
	}
	st := a.iv.At(pc)
	in, ok := sideAt(st, v)
	if !ok || st.IsBottom() {
		return Ival{}, false
	}
	return in, true
}

// counter is a variable updated by a constant once on every iteration:
// then the loop body starts at most m+1 times per entry into the loop.
type counter struct {
	v *ir.Var
	m *big.Int
}

// findCounter looks for c := c ± k (k a nonzero constant) executed on
// every path from the head to the latch, the only write of c in the loop,
// without wrap-around by its interval there. The interval [lo, hi] of c at
// the update holds on every execution of it and c moves by k in between,
// so the update runs at most (hi-lo)/k + 1 = m times, and every iteration
// that reaches the latch ran it.
func (a *analysis) findCounter(l *ir.Loop) *counter {
	f := a.f
	var best *counter
	var dom *ir.DomTree
	for pc := l.Head; pc <= l.Latch; pc++ {
		as, ok := f.Body[pc].(*ir.Assign)
		if !ok {
			continue
		}
		r, ok := as.Lhs.(*ir.VarRef)
		if !ok {
			continue
		}
		v := r.V
		vi, tracked := a.valueAt(pc, v)
		if !tracked {
			continue
		}
		sign, d, ok := parseUpdate(v, as.Rhs)
		if !ok {
			continue
		}
		k, ok := d.(*ir.Const)
		if !ok {
			continue
		}
		kt, _ := interval.Trackable(k.T)
		kv := interval.ConstValue(kt, k.Bits)
		if kv.Sign() == 0 {
			continue
		}
		u := update{pc: pc, dir: increasing, step: new(big.Int).Abs(kv)}
		if kv.Sign()*sign < 0 {
			u.dir = decreasing
		}
		if !a.noWrapAt(v, u) {
			continue
		}
		only := true
		for q := l.Head; q <= l.Latch; q++ {
			if w, _ := writes(f.Body[q], v); w && q != pc {
				only = false
			}
		}
		if !only {
			continue
		}
		if dom == nil {
			dom = ir.IterationDominators(f, l)
		}
		if !dom.Dominates(pc, l.Latch) { // some iteration skips the update
			continue
		}
		m := new(big.Int).Sub(vi.Hi, vi.Lo)
		m.Quo(m, u.step)
		m.Add(m, big.NewInt(1))
		if best == nil || m.Cmp(best.m) < 0 {
			best = &counter{v: v, m: m}
		}
	}
	return best
}

// boundByCounter bounds v over the whole loop and after it: its value on
// entry plus (m+1) times the sum of its update steps (each update runs at
// most once per iteration: the loop has no inner backward jump), in its
// direction. ok is false when that leaves v's type (wrap-around is not
// excluded).
func (a *analysis) boundByCounter(l *ir.Loop, v *ir.Var, dir direction, ups []update, c *counter) (Ival, bool) {
	k := a.lf.s.Index(v)
	if k < 0 || a.lf.entry.Empty() {
		return Ival{}, false
	}
	entry := a.lf.entry[k]
	sum := new(big.Int)
	for _, u := range ups {
		sum.Add(sum, u.step)
	}
	total := new(big.Int).Mul(sum, new(big.Int).Add(c.m, big.NewInt(1)))
	r := entry
	switch dir {
	case increasing:
		r = Ival{entry.Lo, new(big.Int).Add(entry.Hi, total)}
	case decreasing:
		r = Ival{new(big.Int).Sub(entry.Lo, total), entry.Hi}
	}
	if !fits(v.Type.(*ir.IntType), r) {
		return Ival{}, false
	}
	return r, true
}

// assumeNot builds ¬(R1 ∪ R2 ∪ …) over the regions' bounded sides:
// assume(x <= 1000) for the region x >= 1001.
func assumeNot(s *Space, regions Union) ir.Expr {
	intT := &ir.IntType{Kind: ir.Int, Bits: 32, Signed: true}
	var all ir.Expr
	for _, r := range regions {
		var not ir.Expr
		for i, side := range r {
			var parts []ir.Expr
			switch t := s.typ(i).(type) {
			case *ir.FloatType:
				parts = outsideFloat(s.Vars[i], t, side, intT)
			case *ir.IntType:
				parts = outsideInt(s.Vars[i], t, side, intT)
			}
			for _, p := range parts {
				if not == nil {
					not = p
				} else {
					not = &ir.Binary{Op: ir.LOr, X: not, Y: p, T: intT}
				}
			}
		}
		if not == nil {
			not = &ir.Const{T: intT, Bits: 0} // the whole space is safe
		}
		if all == nil {
			all = not
		} else {
			all = &ir.Binary{Op: ir.LAnd, X: all, Y: not, T: intT}
		}
	}
	return all
}

// outsideInt is the conditions under which integer v is outside side.
func outsideInt(v *ir.Var, t *ir.IntType, side Ival, intT *ir.IntType) []ir.Expr {
	full := TypeIval(t)
	var parts []ir.Expr
	if side.Lo.Cmp(full.Lo) > 0 {
		parts = append(parts, &ir.Binary{Op: ir.Le, X: &ir.VarRef{V: v}, Y: constExpr(t, dec(side.Lo)), T: intT})
	}
	if side.Hi.Cmp(full.Hi) < 0 {
		parts = append(parts, &ir.Binary{Op: ir.Ge, X: &ir.VarRef{V: v}, Y: constExpr(t, inc(side.Hi)), T: intT})
	}
	return parts
}

// outsideFloat is the conditions under which float v is outside side:
// below its least number, above its greatest, or NaN where side has none.
func outsideFloat(v *ir.Var, t *ir.FloatType, side Ival, intT *ir.IntType) []ir.Expr {
	x := &ir.VarRef{V: v}
	f := toFloat(t, side)
	if f.Empty() { // only NaN: every number is outside
		return []ir.Expr{&ir.Binary{Op: ir.Eq, X: x, Y: x, T: intT}}
	}
	var parts []ir.Expr
	if f.Lo > math.Inf(-1) {
		parts = append(parts, &ir.Binary{Op: ir.Lt, X: x, Y: ir.NewFloatConst(t, f.Lo), T: intT})
	}
	if f.Hi < math.Inf(1) {
		parts = append(parts, &ir.Binary{Op: ir.Gt, X: x, Y: ir.NewFloatConst(t, f.Hi), T: intT})
	}
	if !f.NaN {
		parts = append(parts, &ir.Binary{Op: ir.Ne, X: x, Y: x, T: intT})
	}
	return parts
}

func isFloat(t ir.Type) bool { _, ok := floatDim(t); return ok }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
