package invariant

import (
	"fmt"
	"math/big"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
)

// Rel is an Atom's relation.
type Rel int

const (
	RelEq Rel = iota
	RelNe
	RelLt
	RelLe
	RelGt
	RelGe
)

var relNames = [...]string{RelEq: "==", RelNe: "!=", RelLt: "<", RelLe: "<=", RelGt: ">", RelGe: ">="}

// Atom is V Rel C, compared in V's own type: the guard of a Guarded
// invariant.
type Atom struct {
	V   *ir.Var
	Rel Rel
	C   *big.Int
}

// Not is the atom's negation.
func (a Atom) Not() Atom {
	n := a
	n.Rel = [...]Rel{RelEq: RelNe, RelNe: RelEq, RelLt: RelGe, RelLe: RelGt, RelGt: RelLe, RelGe: RelLt}[a.Rel]
	return n
}

// holds evaluates the atom on x, v's value in its signedness.
func (a Atom) holds(x *big.Int) bool {
	c := x.Cmp(a.C)
	switch a.Rel {
	case RelEq:
		return c == 0
	case RelNe:
		return c != 0
	case RelLt:
		return c < 0
	case RelLe:
		return c <= 0
	case RelGt:
		return c > 0
	}
	return c >= 0
}

func (a Atom) build(b *smt.Builder, t *smt.Term) *smt.Term {
	it := a.V.Type.(*ir.IntType)
	c := b.BVBig(it.Bits, toUnsigned(a.C, it.Bits))
	le, lt := b.BVUle, b.BVUlt
	if it.Signed {
		le, lt = b.BVSle, b.BVSlt
	}
	switch a.Rel {
	case RelEq:
		return b.Eq(t, c)
	case RelNe:
		return b.Not(b.Eq(t, c))
	case RelLt:
		return lt(t, c)
	case RelLe:
		return le(t, c)
	case RelGt:
		return lt(c, t)
	}
	return le(c, t)
}

func (a Atom) String() string {
	return fmt.Sprintf("%s %s %s", a.V.Source, relNames[a.Rel], a.C)
}

// cExpr is the atom in C, "" if V has no name at the head.
func (a Atom) cExpr() string {
	name, ok := CName(a.V)
	if !ok {
		return ""
	}
	return fmt.Sprintf("%s %s %s", name, relNames[a.Rel], cConst(a.V, a.C))
}

// Guarded is G → P for a guard G over a variable the loop never writes:
// G has the same value at every arrival of an execution, so the
// implication is inductive when P is inductive on the executions where G
// holds — a disjunctive invariant (flag != 0 → a == b) that no linear
// template over all executions can state. Houdini checks it like any
// other candidate; nothing here relies on the guard being constant.
type Guarded struct {
	G Atom
	P Invariant
}

// Build is ¬G ∨ P over the values val gives (nil if one is missing).
func (g Guarded) Build(b *smt.Builder, val func(*ir.Var) *smt.Term) *smt.Term {
	t := val(g.G.V)
	if !usable(g.G.V, t) {
		return nil
	}
	p := g.P.Build(b, val)
	if p == nil {
		return nil
	}
	return b.Or(b.Not(g.G.build(b, t)), p)
}

// String writes the implication as the disjunction C would: "k < 0 ||
// i - 2*k <= 0".
func (g Guarded) String() string {
	return g.G.Not().String() + " || " + g.P.String()
}

// CExpr is the disjunction in C, "" if the guard or P has none.
func (g Guarded) CExpr() string {
	a, p := g.G.Not().cExpr(), g.P.CExpr()
	if a == "" || p == "" {
		return ""
	}
	return "(" + a + ") || (" + p + ")"
}

// parity is the Clause "v is even" (odd if odd): no state with bit 0 of
// v the other way.
func parity(v *ir.Var, odd bool) Clause {
	return Clause{cube: []lit{{v: v, kind: litBit, bit: 0, set: !odd}}}
}
