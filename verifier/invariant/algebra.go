package invariant

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
)

// This file proves polynomial loop invariants (P(x) == 0 with P of any
// degree: y*y - 2*x + y == 0, p*s - r*q == 1) and the assertions they
// imply by algebra over the IR, without a solver. Z3 4.8.12 cannot do
// it: it bit-blasts every 64-bit multiplication, and the inductive step of
// ps2 (assume y*y - 2x + y == 0, one iteration, check it again) runs out
// of any budget (over 60 s for the bare two-variable query).
//
// The method: enumerate the paths of the loop's body (and of the code
// before and after it), evaluating each assignment symbolically as a
// polynomial with integer coefficients over the values at the head. An
// expression built from +, -, *, constants, copies and integer
// conversions is congruent to its polynomial modulo 2^m, where m is at
// most the narrowest width the computation wrapped in (tracked per value:
// a conversion to 32 bits keeps only 32). A candidate P, claimed modulo
// 2^W, is preserved by a path when P(updates) = Σ c_j·F_j holds as an
// identity of polynomials over Z, with integer c_j and facts F_j (the
// candidates at the head and the path's equality conditions) each known
// modulo 2^W or finer: an identity over Z holds in every ring Z/2^W, so
// the wrapping bit-vector semantics of C's arithmetic is covered. (A
// solver over unbounded integers would not be sound here.) Division,
// remainder, shifts, bit operations and comparisons as values make a value
// opaque; an invariant or assertion that needs one is not proved.

// exact is the modulus exponent of a value known exactly as an integer.
const exact = 1 << 20

// aval is a register's or an expression's value: ≡ p (mod 2^mod), or
// opaque when !ok.
type aval struct {
	p   Poly
	mod int
	ok  bool
}

// fact is p ≡ 0 (mod 2^mod).
type fact struct {
	p   Poly
	mod int
}

// PolyInv is a polynomial invariant at a loop head: P(x) ≡ 0 modulo
// 2^W, each variable read as the integer its type gives it (sign- or
// zero-extended). W is the width of the comparison it came from, so the
// fact is what a C test of P == 0 in that width says.
type PolyInv struct {
	P    Poly
	W    int
	Vars []*ir.Var // symbol i is Vars[i]
}

func (q PolyInv) name(s int) string {
	if s < len(q.Vars) {
		return q.Vars[s].Source
	}
	return fmt.Sprintf("?%d", s)
}

// String is the equation as people read it, with its modulus.
func (q PolyInv) String() string {
	return fmt.Sprintf("%s == 0 (mod 2^%d)", q.P.Format(q.name, "*"), q.W)
}

// CExpr writes the equation in unsigned arithmetic of width W, where C
// wraps exactly as the invariant is meant (signed arithmetic could
// overflow, which C leaves undefined). Widths other than 32 and 64, and
// variables without a C name, give "".
func (q PolyInv) CExpr() string {
	var cast, suffix string
	switch q.W {
	case 64:
		cast, suffix = "(unsigned long long)", "ULL"
	case 32:
		cast, suffix = "(unsigned)", "U"
	default:
		return ""
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(q.W))
	for _, s := range q.P.Symbols() {
		if s >= len(q.Vars) {
			return ""
		}
		if _, ok := CName(q.Vars[s]); !ok {
			return ""
		}
	}
	var sb strings.Builder
	for i, t := range q.P.sorted() {
		c := new(big.Int).Set(t.c)
		switch {
		case c.Sign() < 0:
			sb.WriteString(" - ")
			c.Neg(c)
		case i > 0:
			sb.WriteString(" + ")
		}
		if c.Cmp(mod) >= 0 {
			return ""
		}
		fs := []string{}
		if c.Cmp(big.NewInt(1)) != 0 || len(t.m) == 0 {
			fs = append(fs, c.String()+suffix)
		}
		for _, s := range t.m {
			n, _ := CName(q.Vars[s])
			fs = append(fs, cast+n)
		}
		sb.WriteString(strings.Join(fs, " * "))
	}
	e := strings.TrimPrefix(sb.String(), " ")
	if strings.HasPrefix(e, "- ") {
		e = "0" + suffix + " " + e // unsigned: 0 - t rather than a negated operand
	}
	return e + " == 0" + suffix
}

// Build is P == 0 computed in W-bit bit-vectors.
func (q PolyInv) Build(b *smt.Builder, val func(*ir.Var) *smt.Term) *smt.Term {
	vals := map[int]*smt.Term{}
	for _, s := range q.P.Symbols() {
		if s >= len(q.Vars) {
			return nil
		}
		v := q.Vars[s]
		t := val(v)
		it, ok := v.Type.(*ir.IntType)
		if t == nil || !ok || !t.Sort().IsBV() || t.Sort().Width() != it.Bits {
			return nil
		}
		switch {
		case it.Bits > q.W:
			t = b.Extract(q.W-1, 0, t)
		case it.Bits < q.W && it.Signed:
			t = b.SignExt(q.W-it.Bits, t)
		case it.Bits < q.W:
			t = b.ZeroExt(q.W-it.Bits, t)
		}
		vals[s] = t
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(q.W))
	sum := b.BVInt(q.W, 0)
	for _, t := range q.P.sorted() {
		c := new(big.Int).Mod(t.c, mod)
		prod := b.BVBig(q.W, c)
		for _, s := range t.m {
			prod = b.BVMul(prod, vals[s])
		}
		sum = b.BVAdd(sum, prod)
	}
	return b.Eq(sum, b.BVInt(q.W, 0))
}

// maxPaths bounds the paths the prover enumerates: their number grows
// exponentially with the branches of a loop body.
const maxPaths = 4096

// maxCandidateDegree bounds the degree of the candidates the prover tries.
const maxCandidateDegree = 3

// algebra is the prover's view of an entry function with one loop.
type algebra struct {
	f    *ir.Function
	loop *ir.Loop
	// vars are the tracked registers: the integer locals, parameters and
	// temporaries of f whose address is never taken (so no store through
	// a pointer and no callee can change them). Symbol i is the value of
	// vars[i] at the loop head; later symbols are fresh unknowns.
	vars  []*ir.Var
	sym   map[*ir.Var]int
	fresh int
	paths int
}

// state is what a path knows: the value of each tracked register, and the
// facts that hold on it.
type state struct {
	regs  map[*ir.Var]aval
	facts []fact
}

func (s state) clone() state {
	r := make(map[*ir.Var]aval, len(s.regs))
	for k, v := range s.regs {
		r[k] = v
	}
	return state{regs: r, facts: append([]fact(nil), s.facts...)}
}

// event is what a path reaches: the loop head (arrival from before the
// loop or the back edge), an assertion, or the end.
type event struct {
	pc int // the assertion's, or the head's
	st state
}

// walkOut is what the enumeration of paths from one start found.
type walkOut struct {
	heads   []event // arrivals at the head
	asserts []event
}

func newAlgebra(f *ir.Function, l *ir.Loop) *algebra {
	a := &algebra{f: f, loop: l, sym: map[*ir.Var]int{}}
	for _, v := range f.Locals {
		if tracked(v, f) {
			a.sym[v] = len(a.vars)
			a.vars = append(a.vars, v)
		}
	}
	a.fresh = len(a.vars)
	return a
}

func tracked(v *ir.Var, f *ir.Function) bool {
	it, ok := v.Type.(*ir.IntType)
	return ok && it.Bits <= 64 && !it.IsBool() && !v.AddrTaken && v.Kind != ir.Global && v.Func == f
}

func (a *algebra) newSym() aval {
	a.fresh++
	return aval{p: polySym(a.fresh - 1), mod: exact, ok: true}
}

// headState is the state at the head: each register its own symbol.
func (a *algebra) headState(invs []PolyInv) state {
	st := state{regs: map[*ir.Var]aval{}}
	for i, v := range a.vars {
		st.regs[v] = aval{p: polySym(i), mod: exact, ok: true}
	}
	for _, q := range invs {
		st.facts = append(st.facts, fact{q.P, q.W})
	}
	return st
}

// entryState is the state at the function's start: every register
// unknown (parameters and uninitialised locals may hold anything).
func (a *algebra) entryState() state {
	st := state{regs: map[*ir.Var]aval{}}
	for _, v := range a.vars {
		st.regs[v] = a.newSym()
	}
	return st
}

// walk enumerates the paths from pc in st, up to the next arrival at the
// head (not counting the start), the end of the function, or an abort.
// It fails on what it cannot follow soundly: a backward jump other than
// the loop's, a jump from before the loop past its head, an unsupported
// construct, too many paths.
func (a *algebra) walk(pc int, st state, out *walkOut, started bool) error {
	for {
		if pc == a.loop.Head && started {
			out.heads = append(out.heads, event{pc: pc, st: st})
			return nil
		}
		started = true
		if pc >= len(a.f.Body) {
			return nil
		}
		switch in := a.f.Body[pc].(type) {
		case *ir.Decl:
			if tracked(in.V, a.f) {
				st.regs[in.V] = a.newSym()
			}
		case *ir.Assign:
			if r, ok := in.Lhs.(*ir.VarRef); ok && tracked(r.V, a.f) {
				// Lhs and Rhs have one type: the register takes the
				// value as it is (eval already wrapped it to the width).
				v := a.eval(in.Rhs, st)
				if !v.ok {
					v = a.newSym() // any value: nothing known about it
				}
				st.regs[r.V] = v
			}
		case *ir.Assume:
			if !a.cond(in.Cond, true, &st) {
				return nil // no execution goes on
			}
		case *ir.Assert:
			out.asserts = append(out.asserts, event{pc: pc, st: st.clone()})
			// Later checks may assume it: they matter only up to an
			// execution's first failure.
			if !a.cond(in.Cond, true, &st) {
				return nil
			}
		case *ir.Goto:
			if in.Target <= pc && !(in.Target == a.loop.Head && a.loop.Contains(pc)) {
				return fmt.Errorf("a backward jump at %s other than the loop's", in.Pos())
			}
			if pc < a.loop.Head && in.Target > a.loop.Head {
				return fmt.Errorf("a jump at %s past the loop's head", in.Pos())
			}
			if in.Cond == nil {
				pc = in.Target
				continue
			}
			if a.paths++; a.paths > maxPaths {
				return fmt.Errorf("more than %d paths", maxPaths)
			}
			taken := st.clone()
			if a.cond(in.Cond, true, &taken) {
				if in.Target == a.loop.Head {
					out.heads = append(out.heads, event{pc: in.Target, st: taken})
				} else if err := a.walk(in.Target, taken, out, true); err != nil {
					return err
				}
			}
			if !a.cond(in.Cond, false, &st) {
				return nil
			}
		case *ir.Call:
			if in.Fn == nil && (in.Builtin == ir.BAbort || in.Builtin == ir.BExit) {
				return nil
			}
			if in.Builtin == ir.BSetup {
				return fmt.Errorf("a setup stretch at %s", in.Pos())
			}
			// Callees cannot write the tracked registers (their addresses
			// are never taken); their properties are refused elsewhere.
			if in.Result != nil {
				if r, ok := in.Result.(*ir.VarRef); ok && tracked(r.V, a.f) {
					st.regs[r.V] = a.newSym()
				}
			}
		case *ir.Return:
			return nil
		case *ir.Unsupported:
			return fmt.Errorf("unsupported construct at %s", in.Pos())
		case *ir.Skip, *ir.Dead:
		default:
			return fmt.Errorf("instruction %T at %s", in, in.Pos())
		}
		pc++
	}
}

// intVal is c's value as an integer in its type's signedness.
func intVal(c *ir.Const) (*big.Int, bool) {
	it, ok := c.T.(*ir.IntType)
	if !ok || it.Bits > 64 {
		return nil, false
	}
	v := new(big.Int).SetUint64(c.Bits & it.Mask())
	if it.Signed && it.Bits > 0 && v.Bit(it.Bits-1) == 1 {
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(it.Bits)))
	}
	return v, true
}

// eval is e's value on st: a polynomial for ring operations on tracked
// registers and constants, opaque for anything else.
func (a *algebra) eval(e ir.Expr, st state) aval {
	width := func(t ir.Type) (int, bool) {
		it, ok := t.(*ir.IntType)
		if !ok || it.Bits > 64 || it.IsBool() {
			return 0, false
		}
		return it.Bits, true
	}
	switch e := e.(type) {
	case *ir.Const:
		v, ok := intVal(e)
		if !ok {
			return aval{}
		}
		return aval{p: polyConst(v), mod: exact, ok: true}
	case *ir.VarRef:
		if !tracked(e.V, a.f) {
			return aval{}
		}
		return st.regs[e.V]
	case *ir.Cast:
		w, ok := width(e.T)
		if _, from := width(e.X.Type()); !ok || !from {
			return aval{}
		}
		// A conversion between integer types keeps the value modulo 2^w
		// of the narrower of the two; the modulus already is at most the
		// operand's width.
		x := a.eval(e.X, st)
		x.mod = min(x.mod, w)
		return x
	case *ir.Unary:
		w, ok := width(e.T)
		if !ok || e.Op != ir.Neg {
			return aval{}
		}
		x := a.eval(e.X, st)
		if !x.ok {
			return aval{}
		}
		return aval{p: polyConst(new(big.Int)).Sub(x.p), mod: min(x.mod, w), ok: true}
	case *ir.Binary:
		w, ok := width(e.T)
		if !ok || e.Op != ir.Add && e.Op != ir.Sub && e.Op != ir.Mul {
			return aval{}
		}
		x, y := a.eval(e.X, st), a.eval(e.Y, st)
		if !x.ok || !y.ok {
			return aval{}
		}
		var p Poly
		switch e.Op {
		case ir.Add:
			p = x.p.Add(y.p)
		case ir.Sub:
			p = x.p.Sub(y.p)
		default:
			p = x.p.Mul(y.p)
		}
		return aval{p: p, mod: min(x.mod, y.mod, w), ok: true}
	}
	return aval{}
}

// equality is e1 - e2 ≡ 0 (mod 2^mod) when cond, taken as truth, says
// that two integer values of one width are equal; ok false otherwise.
func (a *algebra) equality(cond ir.Expr, truth bool, st state) (fact, bool) {
	switch c := cond.(type) {
	case *ir.Unary:
		if c.Op == ir.LNot {
			return a.equality(c.X, !truth, st)
		}
	case *ir.Binary:
		if c.Op == ir.Eq && truth || c.Op == ir.Ne && !truth {
			it, ok := c.X.Type().(*ir.IntType)
			if !ok || it.Bits > 64 {
				return fact{}, false
			}
			x, y := a.eval(c.X, st), a.eval(c.Y, st)
			if !x.ok || !y.ok {
				return fact{}, false
			}
			return fact{p: x.p.Sub(y.p), mod: min(x.mod, y.mod, it.Bits)}, true
		}
	}
	return fact{}, false
}

// cond adds to st what cond taken as truth says (its equalities, through
// negations and conjunctions) and reports whether the path can go on: a
// constant condition with the other truth value cuts it.
func (a *algebra) cond(cond ir.Expr, truth bool, st *state) bool {
	switch c := cond.(type) {
	case *ir.Const:
		v, ok := intVal(c)
		return !ok || (v.Sign() != 0) == truth
	case *ir.Unary:
		if c.Op == ir.LNot {
			return a.cond(c.X, !truth, st)
		}
	case *ir.Binary:
		if c.Op == ir.LAnd && truth || c.Op == ir.LOr && !truth {
			return a.cond(c.X, truth, st) && a.cond(c.Y, truth, st)
		}
	}
	if f, ok := a.equality(cond, truth, *st); ok {
		st.facts = append(st.facts, f)
	}
	return true
}

// implied reports whether p ≡ 0 (mod 2^w) follows from the facts: p is
// an integer combination of facts each known modulo 2^w or finer.
func implied(p Poly, w int, facts []fact) bool {
	if p.IsZero() {
		return true
	}
	var basis []Poly
	for _, f := range facts {
		if f.mod >= w && !f.p.IsZero() {
			basis = append(basis, f.p)
		}
	}
	if len(basis) == 0 {
		return false
	}
	_, ok := Combination(p, basis)
	return ok
}

// holds reports whether invariant q holds in st: P of the registers'
// values is implied by st's facts, each register known modulo 2^W.
func (a *algebra) holds(q PolyInv, st state) bool {
	mod := exact
	for _, s := range q.P.Symbols() {
		v := st.regs[a.vars[s]]
		if !v.ok {
			return false
		}
		mod = min(mod, v.mod)
	}
	if mod < q.W {
		return false
	}
	p := q.P.Subst(func(s int) Poly { return st.regs[a.vars[s]].p })
	return implied(p, q.W, st.facts)
}

// proves reports whether an assertion's condition holds in st: a nonzero
// constant, an equality its facts imply, or a conjunction of such.
func (a *algebra) proves(cond ir.Expr, st state) bool {
	switch c := cond.(type) {
	case *ir.Const:
		v, ok := intVal(c)
		return ok && v.Sign() != 0
	case *ir.Binary:
		if c.Op == ir.LAnd {
			// The second conjunct is evaluated only when the first holds.
			st2 := st.clone()
			return a.proves(c.X, st) && a.cond(c.X, true, &st2) && a.proves(c.Y, st2)
		}
	}
	f, ok := a.equality(cond, true, st)
	if !ok {
		return false
	}
	it := exprWidth(cond)
	return f.mod >= it && implied(f.p, it, st.facts)
}

// exprWidth is the width of the operands of an equality (through
// negations): the modulus its truth needs.
func exprWidth(e ir.Expr) int {
	switch c := e.(type) {
	case *ir.Unary:
		return exprWidth(c.X)
	case *ir.Binary:
		if it, ok := c.X.Type().(*ir.IntType); ok {
			return it.Bits
		}
	}
	return exact
}

// candidates are the loop's asserted equalities over the head's values:
// each assertion E1 == E2 reached from the head, as a polynomial in the
// head's symbols, claimed modulo the comparison's width.
func (a *algebra) candidates(out walkOut) []PolyInv {
	var cs []PolyInv
	seen := map[string]bool{}
	for _, ev := range out.asserts {
		as := a.f.Body[ev.pc].(*ir.Assert)
		if !a.loop.Contains(ev.pc) {
			continue
		}
		f, ok := a.equality(as.Cond, true, ev.st)
		if !ok || f.p.IsZero() || f.p.Degree() > maxCandidateDegree {
			continue
		}
		w := exprWidth(as.Cond)
		if f.mod < w {
			continue
		}
		fromHead := true
		for _, s := range f.p.Symbols() {
			fromHead = fromHead && s < len(a.vars)
		}
		if q := (PolyInv{P: f.p, W: w, Vars: a.vars}); fromHead && !seen[q.String()] {
			seen[q.String()] = true
			cs = append(cs, q)
		}
	}
	return cs
}

// AlgebraicProof is a proof of every property of a program by polynomial
// invariants at its entry's one loop.
type AlgebraicProof struct {
	Loop       *ir.Loop
	Invariants []Invariant
}

// ProveAlgebraic tries to prove every property reachable from entry (the
// assertions of entry itself; a callee with a property of its own, or
// any unsupported construct, makes it give up) by polynomial invariants
// of entry's only loop: candidates (the loop's own asserted equalities
// and extra) are dropped until the rest hold at every arrival from
// before the loop and are preserved by every path around it (Houdini);
// each assertion must then follow, on every path reaching it, from the
// invariants at the last head arrival, the path's equalities and the
// assertions before it on the path.
//
// Soundness, by induction over an execution up to its first failure:
// the paths enumerated cover every execution (branch conditions are
// used only as facts, never to drop a path, except constant ones); the
// invariants hold at the first arrival (every path from the entry
// implies them) and at each later one (every path around the loop
// preserves them, given them at the previous arrival); every assertion
// lies on a path from the entry to the head or from the head, and is
// implied there.
func ProveAlgebraic(p *ir.Program, entry *ir.Function, extra []PolyInv) (*AlgebraicProof, error) {
	if entry == nil || len(entry.Loops) != 1 {
		return nil, fmt.Errorf("not one loop")
	}
	if err := calleesPlain(entry); err != nil {
		return nil, err
	}
	l := entry.Loops[0]
	a := newAlgebra(entry, l)
	var pre walkOut
	if err := a.walk(0, a.entryState(), &pre, true); err != nil {
		return nil, err
	}
	if len(pre.heads) == 0 {
		return nil, fmt.Errorf("the head is not reached")
	}
	var body walkOut
	if err := a.walk(l.Head, a.headState(nil), &body, false); err != nil {
		return nil, err
	}
	cands := append(a.candidates(body), extra...)
	invs := a.houdini(cands, pre.heads)
	if len(invs) == 0 {
		return nil, fmt.Errorf("no polynomial invariant")
	}
	// The assertions: before the loop from the entry's facts alone, from
	// the head with the invariants.
	for _, ev := range pre.asserts {
		if !a.proves(a.f.Body[ev.pc].(*ir.Assert).Cond, ev.st) {
			return nil, fmt.Errorf("assertion at %s not implied", a.f.Body[ev.pc].Pos())
		}
	}
	var with walkOut
	a.fresh = len(a.vars)
	if err := a.walk(l.Head, a.headState(invs), &with, false); err != nil {
		return nil, err
	}
	for _, ev := range with.asserts {
		if !a.proves(a.f.Body[ev.pc].(*ir.Assert).Cond, ev.st) {
			return nil, fmt.Errorf("assertion at %s not implied by %d polynomial invariants (%v)", a.f.Body[ev.pc].Pos(), len(invs), invs)
		}
	}
	out := &AlgebraicProof{Loop: l}
	for _, q := range invs {
		out.Invariants = append(out.Invariants, q)
	}
	return out, nil
}

// houdini drops the candidates some arrival from before the loop does not
// imply, then those some path around the loop does not preserve (given
// the others at the head), until none is dropped.
func (a *algebra) houdini(cands []PolyInv, arrivals []event) []PolyInv {
	var keep []PolyInv
	for _, q := range cands {
		ok := true
		for _, ev := range arrivals {
			ok = ok && a.holds(q, ev.st)
		}
		if ok {
			keep = append(keep, q)
		}
	}
	for len(keep) > 0 {
		var around walkOut
		a.fresh = len(a.vars)
		if err := a.walk(a.loop.Head, a.headState(keep), &around, false); err != nil {
			return nil
		}
		var next []PolyInv
		for _, q := range keep {
			ok := true
			for _, ev := range around.heads {
				ok = ok && a.holds(q, ev.st)
			}
			if ok {
				next = append(next, q)
			}
		}
		if len(next) == len(keep) {
			return keep
		}
		keep = next
	}
	return nil
}

// calleesPlain checks that nothing entry calls, directly or not, has a
// property or an unsupported construct, or calls entry back: the prover
// looks at entry's instructions only.
func calleesPlain(entry *ir.Function) error {
	seen := map[*ir.Function]bool{}
	work := []*ir.Function{entry}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, in := range f.Body {
			switch in := in.(type) {
			case *ir.Call:
				if in.Fn == entry {
					return fmt.Errorf("%s calls %s back", f.Name, entry.Name)
				}
				if in.Fn != nil && !seen[in.Fn] {
					seen[in.Fn] = true
					work = append(work, in.Fn)
				}
			case *ir.Assert:
				if f != entry {
					return fmt.Errorf("%s has a property", f.Name)
				}
			case *ir.Unsupported:
				return fmt.Errorf("an unsupported construct in %s", f.Name)
			}
		}
	}
	return nil
}
