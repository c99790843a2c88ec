package invariant

import (
	"context"
	"fmt"
	"math/big"
	"sort"
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
// solver over unbounded integers would not be sound here.) A division by
// 2^s is a new unknown when the facts show it exact (see div); other
// divisions, remainders as values, shifts, bit operations and comparisons
// as values make a value opaque, and an invariant or assertion that needs
// one is not proved.

// exact is the modulus exponent of a value known exactly as an integer.
const exact = 1 << 20

// aval is a register's or an expression's value: ≡ p (mod 2^mod), or
// opaque when !ok; either way at least lo when lo is not nil (a bound on
// the integer value, which division and remainder need: y/2 is exact for
// even y, and y%2 != 1 says y is even only when y >= 0).
type aval struct {
	p   Poly
	mod int
	ok  bool
	lo  *big.Int
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
	// Loop, when not nil, is the only loop a candidate is offered at
	// (a sampled one says nothing about the others).
	Loop *ir.Loop
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
		if len(t.m) == 1 && t.c.IsInt64() && t.c.Int64() > -1<<16 && t.c.Int64() < 1<<16 {
			// A small multiple of a variable as shifts and adds: -a as
			// a product with 2^w - 1 would bit-blast to a multiplier,
			// and a step assuming a + b == 3i (mod 2^32) would crawl.
			k := t.c.Int64()
			if k < 0 {
				sum = b.BVSub(sum, scale(b, q.W, -k, vals[t.m[0]]))
			} else {
				sum = b.BVAdd(sum, scale(b, q.W, k, vals[t.m[0]]))
			}
			continue
		}
		prod := b.BVBig(q.W, c)
		for _, s := range t.m {
			prod = b.BVMul(prod, vals[s])
		}
		sum = b.BVAdd(sum, prod)
	}
	return b.Eq(sum, b.BVInt(q.W, 0))
}

// NonNeg is V >= 0 for a signed integer register: the lower bounds the
// algebraic prover proves for divisions and remainders.
type NonNeg struct{ V *ir.Var }

// Build is 0 <= V, signed.
func (n NonNeg) Build(b *smt.Builder, val func(*ir.Var) *smt.Term) *smt.Term {
	t := val(n.V)
	if t == nil || !t.Sort().IsBV() {
		return nil
	}
	return b.BVSle(b.BVInt(t.Sort().Width(), 0), t)
}

func (n NonNeg) String() string { return n.V.Source + " >= 0" }

// CExpr is V >= 0, exact in C for any integer type.
func (n NonNeg) CExpr() string {
	name, ok := CName(n.V)
	if !ok {
		return ""
	}
	return name + " >= 0"
}

// maxPaths bounds the conditional jumps the prover follows, over all its
// walks: the number of paths grows exponentially with a body's branches.
const maxPaths = 4096

// maxCandidateDegree bounds the degree of the candidates the prover tries
// (nla-digbench's ps6 asserts one of degree 6).
const maxCandidateDegree = 6

// algebra is the prover's view of an entry function and its loops.
type algebra struct {
	f *ir.Function
	// loops are f's loops, one per head, none inside another.
	loops []*ir.Loop
	// vars are the tracked registers: the integer locals, parameters and
	// temporaries of f whose address is never taken (so no store through
	// a pointer and no callee can change them). Symbol i is the value of
	// vars[i] at the loop head; later symbols are fresh unknowns.
	vars  []*ir.Var
	fresh int
	paths int
	// nonneg are the registers proved >= 0 at each loop's head (bounds).
	nonneg map[*ir.Loop]map[*ir.Var]bool
	// ctx, work and exhausted bound the linear algebra (see spend).
	ctx       context.Context
	work      int64
	exhausted bool
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
	// branches are the conditional jumps, with the state before them:
	// an assertion written as if (!(e)) reach_error() is one.
	branches []event
}

func newAlgebra(ctx context.Context, f *ir.Function, loops []*ir.Loop) *algebra {
	a := &algebra{ctx: ctx, f: f, loops: loops, nonneg: map[*ir.Loop]map[*ir.Var]bool{}}
	for _, v := range f.Locals {
		if tracked(v, f) {
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

// headAt is the loop whose head is pc, nil if none.
func (a *algebra) headAt(pc int) *ir.Loop {
	for _, l := range a.loops {
		if l.Head == pc {
			return l
		}
	}
	return nil
}

// headState is the state at l's head: each register its own symbol.
func (a *algebra) headState(l *ir.Loop, invs []PolyInv) state {
	st := state{regs: map[*ir.Var]aval{}}
	for i, v := range a.vars {
		st.regs[v] = aval{p: polySym(i), mod: exact, ok: true}
		if a.nonneg[l][v] {
			st.regs[v] = aval{p: polySym(i), mod: exact, ok: true, lo: new(big.Int)}
		}
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

// walk enumerates the paths from pc in st, up to the next arrival at a
// loop head (not counting the start), the end of the function, or an
// abort. It fails on what it cannot follow soundly: a backward jump other
// than to the head of a loop around it, a jump into a loop past its head,
// an unsupported construct, too many paths.
func (a *algebra) walk(pc int, st state, out *walkOut, started bool) error {
	for {
		if a.headAt(pc) != nil && started {
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
				v := a.eval(in.Rhs, &st)
				if !v.ok {
					lo := v.lo
					v = a.newSym() // any value but its bound
					v.lo = lo
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
			if neverTaken(in) {
				break // do { … } while (0)
			}
			if l := a.headAt(in.Target); in.Target <= pc && (l == nil || !l.Contains(pc)) {
				return fmt.Errorf("a backward jump at %s other than a loop's", in.Pos())
			}
			for _, l := range a.loops {
				if !l.Contains(pc) && l.Head < in.Target && in.Target <= l.Latch {
					return fmt.Errorf("a jump at %s into a loop past its head", in.Pos())
				}
			}
			if in.Cond == nil {
				pc = in.Target
				continue
			}
			if a.paths++; a.paths > maxPaths {
				return fmt.Errorf("more than %d paths", maxPaths)
			}
			if err := a.ctx.Err(); err != nil {
				return err
			}
			out.branches = append(out.branches, event{pc: pc, st: st.clone()})
			taken := st.clone()
			if a.cond(in.Cond, true, &taken) {
				if a.headAt(in.Target) != nil {
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
			// One that aborts unless its argument is nonzero is an
			// assumption of the argument.
			if in.Fn != nil && len(in.Args) == 1 && assumeLike(in.Fn) && sameInt(in.Args[0].Type(), in.Fn.Params[0].Type) {
				if !a.cond(in.Args[0], true, &st) {
					return nil
				}
			}
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
// registers and constants, and for a division by 2^s of a value the facts
// show divisible (a new unknown h with the fact x = 2^s·h, added to st);
// opaque for anything else, with a lower bound where one is sure.
func (a *algebra) eval(e ir.Expr, st *state) aval {
	width := func(t ir.Type) (*ir.IntType, bool) {
		it, ok := t.(*ir.IntType)
		if !ok || it.Bits > 64 || it.IsBool() {
			return nil, false
		}
		return it, true
	}
	v := a.eval1(e, st, width)
	if it, ok := width(e.Type()); ok && !it.Signed && (v.lo == nil || v.lo.Sign() < 0) {
		v.lo = new(big.Int) // unsigned
	}
	return v
}

func (a *algebra) eval1(e ir.Expr, st *state, width func(ir.Type) (*ir.IntType, bool)) aval {
	switch e := e.(type) {
	case *ir.Const:
		v, ok := intVal(e)
		if !ok {
			return aval{}
		}
		return aval{p: polyConst(v), mod: exact, ok: true, lo: v}
	case *ir.VarRef:
		if !tracked(e.V, a.f) {
			return aval{}
		}
		return st.regs[e.V]
	case *ir.Cast:
		to, ok := width(e.T)
		from, ok2 := width(e.X.Type())
		if !ok || !ok2 {
			return aval{}
		}
		// A conversion between integer types keeps the value modulo 2^w
		// of the narrower of the two; the modulus already is at most the
		// operand's width. A nonnegative value survives a widening, and
		// a change to unsigned.
		x := a.eval(e.X, st)
		x.mod = min(x.mod, to.Bits)
		if x.lo == nil || x.lo.Sign() < 0 || !(to.Bits > from.Bits || to.Bits == from.Bits && !to.Signed) {
			x.lo = nil
		}
		return x
	case *ir.Unary:
		it, ok := width(e.T)
		if !ok || e.Op != ir.Neg {
			return aval{}
		}
		x := a.eval(e.X, st)
		if !x.ok {
			return aval{}
		}
		return aval{p: polyConst(new(big.Int)).Sub(x.p), mod: min(x.mod, it.Bits), ok: true}
	case *ir.Binary:
		it, ok := width(e.T)
		if !ok {
			return aval{}
		}
		switch e.Op {
		case ir.Add, ir.Sub, ir.Mul:
		case ir.Div:
			return a.div(e, st)
		default:
			return aval{}
		}
		x, y := a.eval(e.X, st), a.eval(e.Y, st)
		var lo *big.Int
		if c, isC := e.Y.(*ir.Const); isC && e.Op == ir.Sub && x.lo != nil {
			// x - c with x >= c >= 0 stays in range: x - c >= x.lo - c.
			if k, _ := intVal(c); k != nil && k.Sign() >= 0 && x.lo.Cmp(k) >= 0 {
				lo = new(big.Int).Sub(x.lo, k)
			}
		}
		if !x.ok || !y.ok {
			return aval{lo: lo}
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
		return aval{p: p, mod: min(x.mod, y.mod, it.Bits), ok: true, lo: lo}
	}
	return aval{}
}

// powerOfTwo is s when e is the constant 2^s, s >= 1.
func powerOfTwo(e ir.Expr) (int, bool) {
	c, ok := e.(*ir.Const)
	if !ok {
		return 0, false
	}
	v, ok := intVal(c)
	if !ok || v.Sign() <= 0 || v.BitLen() < 2 || v.TrailingZeroBits() != uint(v.BitLen()-1) {
		return 0, false
	}
	return v.BitLen() - 1, true
}

// div is x / 2^s. When the facts say x ≡ 0 (mod 2^s), C's truncating
// division is exact: the quotient is a new unknown h with x = 2^s·h as
// integers, so x's polynomial - 2^s·h ≡ 0 modulo x's modulus (a fact
// added to st). A nonnegative x gives a nonnegative quotient either way.
func (a *algebra) div(e *ir.Binary, st *state) aval {
	s, ok := powerOfTwo(e.Y)
	x := a.eval(e.X, st)
	var lo *big.Int
	if ok && x.lo != nil && x.lo.Sign() >= 0 {
		lo = new(big.Int).Rsh(x.lo, uint(s))
	}
	if !ok || !x.ok || x.mod < s || !a.implied(x.p, s, st.facts) {
		return aval{lo: lo}
	}
	h := a.newSym()
	c := new(big.Int).Lsh(big.NewInt(1), uint(s))
	st.facts = append(st.facts, fact{p: x.p.Sub(h.p.Scale(c)), mod: x.mod})
	h.lo = lo
	return h
}

// assumeLike reports whether f is "void f(int c) { if (!c) abort(); }":
// a call of it goes on only when its argument is nonzero.
func assumeLike(f *ir.Function) bool {
	if len(f.Params) != 1 || len(f.Body) < 3 {
		return false
	}
	g, ok := f.Body[0].(*ir.Goto)
	if !ok || g.Target != 2 || !nonzeroTest(g.Cond, f.Params[0]) {
		return false
	}
	c, ok := f.Body[1].(*ir.Call)
	if !ok || c.Fn != nil || c.Builtin != ir.BAbort {
		return false
	}
	for _, in := range f.Body[2:] {
		if r, ok := in.(*ir.Return); !ok || r.Value != nil {
			return false
		}
	}
	return true
}

// sameInt reports whether a and b are one integer type (an argument
// converted to its parameter would need thought).
func sameInt(a, b ir.Type) bool {
	x, ok1 := a.(*ir.IntType)
	y, ok2 := b.(*ir.IntType)
	return ok1 && ok2 && x.Bits == y.Bits && x.Signed == y.Signed && x.IsBool() == y.IsBool()
}

// nonzeroTest reports whether e is p, !!p or p != 0.
func nonzeroTest(e ir.Expr, p *ir.Var) bool {
	isP := func(e ir.Expr) bool { r, ok := e.(*ir.VarRef); return ok && r.V == p }
	switch e := e.(type) {
	case *ir.Unary:
		if n, ok := e.X.(*ir.Unary); ok && e.Op == ir.LNot && n.Op == ir.LNot {
			return isP(n.X)
		}
	case *ir.Binary:
		if c, ok := e.Y.(*ir.Const); ok && e.Op == ir.Ne && c.Bits == 0 {
			return isP(e.X)
		}
	}
	return isP(e)
}

// equality is e1 - e2 ≡ 0 (mod 2^mod) when cond, taken as truth, says
// that two integer values of one width are equal; ok false otherwise.
func (a *algebra) equality(cond ir.Expr, truth bool, st *state) (fact, bool) {
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
		a.bound(c, truth, st)
		a.remainder(c, truth, st)
	}
	if f, ok := a.equality(cond, truth, st); ok {
		st.facts = append(st.facts, f)
	}
	// A branch that needs an equality the facts imply to be false is
	// never taken (the jump around "assert 0" of reach_error).
	if f, ok := a.equality(cond, !truth, st); ok {
		if w := exprWidth(cond); f.mod >= w && a.implied(f.p, w, st.facts) {
			return false
		}
	}
	return true
}

// negated is the comparison that holds when op does not.
var negated = map[ir.BinOp]ir.BinOp{ir.Eq: ir.Ne, ir.Ne: ir.Eq, ir.Lt: ir.Ge, ir.Ge: ir.Lt, ir.Le: ir.Gt, ir.Gt: ir.Le}

// swapped is op with its operands exchanged (k < v is v > k).
var swapped = map[ir.BinOp]ir.BinOp{ir.Eq: ir.Eq, ir.Ne: ir.Ne, ir.Lt: ir.Gt, ir.Gt: ir.Lt, ir.Le: ir.Ge, ir.Ge: ir.Le}

// bound raises the lower bound of a register that c, taken as truth,
// compares with a constant (v >= k, v > k, v == k; v != 0 for v >= 0).
// The comparison is in the register's own type, as its bound is.
func (a *algebra) bound(c *ir.Binary, truth bool, st *state) {
	op, ok := swapped[c.Op]
	if !ok {
		return
	}
	op = c.Op
	x, y := c.X, c.Y
	if _, isC := x.(*ir.Const); isC {
		x, y, op = y, x, swapped[op]
	}
	if !truth {
		op = negated[op]
	}
	r, ok1 := x.(*ir.VarRef)
	k, ok2 := y.(*ir.Const)
	if !ok1 || !ok2 || !tracked(r.V, a.f) {
		return
	}
	kv, ok := intVal(k)
	if !ok {
		return
	}
	v := st.regs[r.V]
	var lo *big.Int
	switch {
	case op == ir.Ge || op == ir.Eq:
		lo = kv
	case op == ir.Gt:
		lo = new(big.Int).Add(kv, big.NewInt(1))
	case op == ir.Ne && kv.Sign() == 0 && v.lo != nil && v.lo.Sign() >= 0:
		lo = big.NewInt(1)
	default:
		return
	}
	if v.lo == nil || v.lo.Cmp(lo) < 0 {
		v.lo = lo
		st.regs[r.V] = v
	}
}

// remainder adds what y % 2^s == k (or !=), taken as truth, says: with
// ==, y ≡ k (mod 2^s), and y >= k when k > 0 (C's remainder has the sign
// of y); with != and s = 1, y is odd when k = 0, and even when k = 1 and
// y >= 0 (the remainder is one of -1, 0, 1).
func (a *algebra) remainder(c *ir.Binary, truth bool, st *state) {
	if c.Op != ir.Eq && c.Op != ir.Ne {
		return
	}
	rem, ok1 := c.X.(*ir.Binary)
	kc, ok2 := c.Y.(*ir.Const)
	if !ok1 || !ok2 || rem.Op != ir.Rem {
		return
	}
	s, ok := powerOfTwo(rem.Y)
	k, ok2 := intVal(kc)
	if !ok || !ok2 {
		return
	}
	y := a.eval(rem.X, st)
	if (c.Op == ir.Eq) == truth {
		if y.ok {
			st.facts = append(st.facts, fact{p: y.p.Sub(polyConst(k)), mod: min(s, y.mod)})
		}
		if r, ok := rem.X.(*ir.VarRef); ok && k.Sign() > 0 && tracked(r.V, a.f) {
			if v := st.regs[r.V]; v.lo == nil || v.lo.Cmp(k) < 0 {
				v.lo = k
				st.regs[r.V] = v
			}
		}
		return
	}
	if s != 1 || !y.ok {
		return
	}
	switch {
	case k.Sign() == 0:
		st.facts = append(st.facts, fact{p: y.p.Sub(polyConst(big.NewInt(1))), mod: 1})
	case k.Cmp(big.NewInt(1)) == 0 && y.lo != nil && y.lo.Sign() >= 0:
		st.facts = append(st.facts, fact{p: y.p, mod: 1})
	}
}

// implied reports whether p ≡ 0 (mod 2^w) follows from the facts: p is
// an integer combination of facts each known modulo 2^w or finer.
//
// The multipliers may be polynomials: each fact is also offered times
// every monomial of degree up to p's over the symbols in play (x·(y - 2h)
// for prodbin's z + x·y), which is sound since m·F ≡ 0 when F ≡ 0.
// 2^w itself is a fact (times monomials too): coefficients count only
// modulo 2^w.
func (a *algebra) implied(p Poly, w int, facts []fact) bool {
	if p.IsZero() || w < exact && p.reduce(w).IsZero() {
		return true
	}
	var basis []Poly
	if w < exact {
		basis = append(basis, polyConst(new(big.Int).Lsh(big.NewInt(1), uint(w))))
	}
	syms := map[int]bool{}
	for _, s := range p.Symbols() {
		syms[s] = true
	}
	for _, f := range facts {
		if f.mod >= w && !f.p.IsZero() {
			basis = append(basis, f.p)
			for _, s := range f.p.Symbols() {
				syms[s] = true
			}
		}
	}
	if len(facts) == 0 {
		return false
	}
	if !a.spend(p, basis) {
		return false
	}
	if _, ok := Combination(p, basis); ok {
		return true
	}
	var all []int
	for s := range syms {
		all = append(all, s)
	}
	sort.Ints(all)
	// Linear multipliers only: quadratic ones multiply the columns by
	// the square of the symbols, for no task seen needing them.
	monos := monomials(all, 1)
	if len(monos)*len(basis) > maxBasis {
		return false
	}
	var wider []Poly
	for _, b := range basis {
		wider = append(wider, b)
		for _, m := range monos {
			wider = append(wider, b.Mul(m))
		}
	}
	if !a.spend(p, wider) {
		return false
	}
	if _, ok := Combination(p, wider); ok {
		return true
	}
	if w >= exact {
		return false
	}
	// Combination sets the free coefficients to 0, so the solution it
	// finds depends on the order of the basis: with 2^w·m first, the
	// linear monomials are pivots of 2^w·m with coefficients 1/2^w, and
	// an integral solution through the facts (i·(i - n) + n·(i - n) for
	// 2x == n*n - n from i == n) is missed. Facts first, then the
	// modulus; any integral solution is a proof.
	n := 1 + len(monos)
	reordered := append(append([]Poly(nil), wider[n:]...), wider[:n]...)
	if !a.spend(p, reordered) {
		return false
	}
	_, ok := Combination(p, reordered)
	return ok
}

// maxWork bounds the prover's linear algebra, in matrix entries times
// pivots (an estimate of big.Rat operations): it runs before the engines
// and must cost them nothing noticeable (the nla-digbench proofs take
// under 10^5).
const maxWork = 50_000_000

// spend charges an elimination of p against basis to the prover's work,
// false (and the prover exhausted) when it would go over maxWork or the
// context has ended.
func (a *algebra) spend(p Poly, basis []Poly) bool {
	rows := map[string]bool{}
	for _, b := range append([]Poly{p}, basis...) {
		for k := range b.terms {
			rows[k] = true
		}
	}
	n := int64(len(rows)) * int64(len(basis)+1) * int64(min(len(rows), len(basis))+1)
	if a.work += n; a.work > maxWork || a.ctx.Err() != nil {
		a.exhausted = true
		return false
	}
	return true
}

// maxBasis bounds the products of facts and monomials implied tries.
const maxBasis = 400

// monomials are the monomials of degree 1 to d over syms.
func monomials(syms []int, d int) []Poly {
	var out []Poly
	var rec func(start int, cur Poly, deg int)
	rec = func(start int, cur Poly, deg int) {
		if deg == d {
			return
		}
		for i := start; i < len(syms); i++ {
			next := cur.Mul(polySym(syms[i]))
			out = append(out, next)
			rec(i, next, deg+1)
		}
	}
	rec(0, polyConst(big.NewInt(1)), 0)
	return out
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
	return a.implied(p, q.W, st.facts)
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
	f, ok := a.equality(cond, true, &st)
	if !ok {
		return false
	}
	it := exprWidth(cond)
	return f.mod >= it && a.implied(f.p, it, st.facts)
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

// candidates are the asserted equalities over the head's values: each
// assertion E1 == E2 reached from the head, in the loop or after it, as a
// polynomial in the head's symbols, claimed modulo the comparison's width
// (a property after the loop is often the loop's invariant itself).
//
// Equalities tested by branches count too: an assertion may be written
// as a jump around "assert 0", and a candidate too many costs only its
// refutation.
func (a *algebra) candidates(out walkOut) []PolyInv {
	var cs []PolyInv
	seen := map[string]bool{}
	for _, ev := range append(append([]event(nil), out.asserts...), out.branches...) {
		var cond ir.Expr
		switch in := a.f.Body[ev.pc].(type) {
		case *ir.Assert:
			cond = in.Cond
		case *ir.Goto:
			cond = in.Cond
		}
		f, ok := a.equality(cond, true, &ev.st)
		if !ok {
			f, ok = a.equality(cond, false, &ev.st)
		}
		if !ok || f.p.IsZero() || f.p.Degree() > maxCandidateDegree {
			continue
		}
		w := exprWidth(cond)
		if f.mod < w {
			continue
		}
		fromHead := true
		for _, s := range f.p.Symbols() {
			fromHead = fromHead && s < len(a.vars)
		}
		// One sign (the leading term's positive): P and -P are one
		// candidate. (Dividing by a common factor would not be sound:
		// 2P ≡ 0 says P ≡ 0 only modulo 2^(w-1).)
		p := f.p
		if ts := p.sorted(); ts[0].c.Sign() < 0 {
			p = p.Scale(big.NewInt(-1))
		}
		if q := (PolyInv{P: p, W: w, Vars: a.vars}); fromHead && !seen[q.String()] {
			seen[q.String()] = true
			cs = append(cs, q)
		}
	}
	return cs
}

// AlgebraicProof is a proof of every property of a program by polynomial
// invariants at its entry's loops.
type AlgebraicProof struct {
	Loops []LoopInvariants
}

// LoopInvariants are the invariants a proof proved at a loop's head.
type LoopInvariants struct {
	Loop       *ir.Loop
	Invariants []Invariant
}

// ProveAlgebraic tries to prove every property reachable from entry (the
// assertions of entry itself; a callee with a property of its own, or
// any unsupported construct, makes it give up) by polynomial invariants
// of entry's loops (one after another, none inside another). Loop by
// loop, in order: candidates (the equalities asserted or tested from its
// head on, and those of extra for that loop or any, whatever their
// source: only the proof decides) are dropped until the rest hold at every arrival —
// from the entry, or from an earlier loop's head with that loop's
// invariants — and are preserved by every path around it (Houdini); each
// assertion must then follow, on every path reaching it, from the
// invariants at the last head arrival (or from nothing, before the first
// loop), the path's equalities and the assertions before it on the path.
//
// Soundness, by induction over an execution up to its first failure:
// the paths enumerated cover every execution (branch conditions are
// used only as facts, never to drop a path, except constant ones and
// those the facts refute); an execution's stretch up to its first head
// arrival is a path from the entry, and each later stretch one from the
// head it last passed, which gives every arrival the invariants (those
// of the loop it arrives at, implied at the first arrival from whatever
// came before and preserved around the loop); every assertion lies on
// such a stretch and is implied there.
//
// Lower bounds (v >= 0 at a head, proved the same way) are needed only
// for divisions and remainders: the proof is tried without them first,
// so that a proof lists them only when it rests on them.
func ProveAlgebraic(ctx context.Context, p *ir.Program, entry *ir.Function, extra []PolyInv) (*AlgebraicProof, error) {
	pf, err := proveAlgebraic(ctx, p, entry, extra, false)
	if err != nil && ctx.Err() == nil {
		if pf2, err2 := proveAlgebraic(ctx, p, entry, extra, true); err2 == nil {
			return pf2, nil
		}
	}
	return pf, err
}

func proveAlgebraic(ctx context.Context, p *ir.Program, entry *ir.Function, extra []PolyInv, useBounds bool) (_ *AlgebraicProof, err error) {
	loops := loopsOf(entry)
	if len(loops) == 0 {
		return nil, fmt.Errorf("no loop, or nested loops")
	}
	if err := calleesPlain(entry); err != nil {
		return nil, err
	}
	a := newAlgebra(ctx, entry, loops)
	defer func() {
		// %v: a refusal for want of work is no UnprovedError, since
		// more candidates would only cost more.
		if err != nil && a.exhausted {
			err = fmt.Errorf("%v (the prover's work limit or the deadline was reached)", err)
		}
	}()
	var pre walkOut
	if err := a.walk(0, a.entryState(), &pre, true); err != nil {
		return nil, err
	}
	// The assertions before any loop, from the entry's facts alone.
	for _, ev := range pre.asserts {
		if !a.proves(a.f.Body[ev.pc].(*ir.Assert).Cond, ev.st) {
			return nil, fmt.Errorf("assertion at %s not implied", a.f.Body[ev.pc].Pos())
		}
	}
	// outs[i] is the walk from loop i's head with its invariants: its
	// arrivals at later heads are those loops' arrivals too.
	outs := make([]walkOut, len(loops))
	out := &AlgebraicProof{}
	total := 0
	for i, l := range loops {
		arrivals := atHead(pre.heads, l)
		for j := 0; j < i; j++ {
			arrivals = append(arrivals, atHead(outs[j].heads, l)...)
		}
		if len(arrivals) == 0 {
			continue // no execution gets here: nothing to prove
		}
		if useBounds {
			if err := a.bounds(l, arrivals); err != nil {
				return nil, err
			}
		}
		var body walkOut
		a.fresh = len(a.vars)
		if err := a.walk(l.Head, a.headState(l, nil), &body, false); err != nil {
			return nil, err
		}
		cands := a.candidates(body)
		seen := map[string]bool{}
		for _, q := range cands {
			seen[q.String()] = true
		}
		for _, q := range extra {
			if q.Loop != nil && q.Loop != l {
				continue
			}
			if q, ok := a.adopt(q); ok && !seen[q.String()] {
				seen[q.String()] = true
				cands = append(cands, q)
			}
		}
		invs := a.houdini(l, cands, arrivals)
		a.fresh = len(a.vars)
		if err := a.walk(l.Head, a.headState(l, invs), &outs[i], false); err != nil {
			return nil, err
		}
		li := LoopInvariants{Loop: l}
		for _, q := range invs {
			li.Invariants = append(li.Invariants, q)
		}
		for _, ev := range outs[i].asserts {
			if !a.proves(a.f.Body[ev.pc].(*ir.Assert).Cond, ev.st) {
				return nil, &UnprovedError{Err: fmt.Errorf("assertion at %s not implied by %d polynomial invariants (%v)", a.f.Body[ev.pc].Pos(), len(invs), invs),
					Proved: append(out.Loops, li)}
			}
		}
		// The bounds the proof used, for its readers (temporaries have
		// no name in C).
		for _, v := range a.vars {
			if a.nonneg[l][v] && v.Kind != ir.Temp {
				if it := v.Type.(*ir.IntType); it.Signed {
					li.Invariants = append(li.Invariants, NonNeg{V: v})
				}
			}
		}
		total += len(invs)
		out.Loops = append(out.Loops, li)
	}
	if total == 0 {
		return nil, &UnprovedError{Err: fmt.Errorf("no polynomial invariant")}
	}
	return out, nil
}

// adopt is q over the prover's symbols: a caller's candidate may number
// its variables differently, and a symbol read as another register would
// make the proof about the wrong polynomial. A variable the prover does
// not track refuses q.
func (a *algebra) adopt(q PolyInv) (PolyInv, bool) {
	index := map[*ir.Var]int{}
	for i, v := range a.vars {
		index[v] = i
	}
	sub := map[int]int{}
	for _, s := range q.P.Symbols() {
		if s >= len(q.Vars) {
			return PolyInv{}, false
		}
		i, ok := index[q.Vars[s]]
		if !ok {
			return PolyInv{}, false
		}
		sub[s] = i
	}
	if q.W <= 0 || q.W > 64 {
		return PolyInv{}, false
	}
	p := q.P.Subst(func(s int) Poly { return polySym(sub[s]) })
	return PolyInv{P: p, W: q.W, Vars: a.vars}, true
}

// UnprovedError is a refusal other candidates could change: the program
// is one the prover follows, but the invariants it proved do not imply
// every assertion (or there are none).
type UnprovedError struct {
	Err error
	// Proved are the invariants proved before the refusal, at the heads
	// of the loops up to the one whose assertion failed: invariants all
	// the same (at every arrival before the first assertion failure),
	// for k-induction to build on.
	Proved []LoopInvariants
}

func (e *UnprovedError) Error() string { return e.Err.Error() }
func (e *UnprovedError) Unwrap() error { return e.Err }

// atHead are the events at l's head.
func atHead(evs []event, l *ir.Loop) []event {
	var out []event
	for _, ev := range evs {
		if ev.pc == l.Head {
			out = append(out, ev)
		}
	}
	return out
}

// bounds finds the registers that are >= 0 at every arrival at l's head,
// Houdini-style: those every arrival from before gives a nonnegative
// bound, less those some path around the loop does not keep nonnegative
// (given the others), until none is dropped.
func (a *algebra) bounds(l *ir.Loop, arrivals []event) error {
	cand := map[*ir.Var]bool{}
	for _, v := range a.vars {
		ok := true
		for _, ev := range arrivals {
			lo := ev.st.regs[v].lo
			ok = ok && lo != nil && lo.Sign() >= 0
		}
		cand[v] = ok
	}
	for {
		a.nonneg[l] = cand
		var around walkOut
		a.fresh = len(a.vars)
		if err := a.walk(l.Head, a.headState(l, nil), &around, false); err != nil {
			return err
		}
		next := map[*ir.Var]bool{}
		same := true
		for v, ok := range cand {
			for _, ev := range atHead(around.heads, l) {
				lo := ev.st.regs[v].lo
				ok = ok && lo != nil && lo.Sign() >= 0
			}
			next[v] = ok
			same = same && ok == cand[v]
		}
		if same {
			return nil
		}
		cand = next
	}
}

// houdini drops the candidates some arrival at l's head does not imply,
// then those some path around l does not preserve (given the others at
// the head), until none is dropped.
func (a *algebra) houdini(l *ir.Loop, cands []PolyInv, arrivals []event) []PolyInv {
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
		if err := a.walk(l.Head, a.headState(l, keep), &around, false); err != nil {
			return nil
		}
		var next []PolyInv
		for _, q := range keep {
			ok := true
			for _, ev := range atHead(around.heads, l) {
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

// loopsOf are f's loops, one per head (the outermost: a continue is a
// second backward jump to a head), leaving out do { … } while (0), whose
// jump is never taken (assertion macros write it); nil when a loop lies
// inside another with a different head.
func loopsOf(f *ir.Function) []*ir.Loop {
	if f == nil {
		return nil
	}
	var out []*ir.Loop
	for _, l := range f.Loops {
		if g, ok := f.Body[l.Latch].(*ir.Goto); ok && neverTaken(g) {
			continue
		}
		if len(out) > 0 && out[len(out)-1].Head == l.Head {
			continue // f.Loops has the outermost of a head first
		}
		for _, o := range out {
			if o.Contains(l.Head) {
				return nil
			}
		}
		out = append(out, l)
	}
	return out
}

// neverTaken reports whether g's condition is the constant 0.
func neverTaken(g *ir.Goto) bool {
	c, ok := g.Cond.(*ir.Const)
	return ok && c.Bits == 0
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
