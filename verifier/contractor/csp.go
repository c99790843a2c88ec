package contractor

import (
	"fmt"
	"io"
	"strings"

	"github.com/prbmc/prbmc/verifier/ir"
)

// CSP is Definition 5's triple: variables (a Space), a domain box, and
// constraints f_j(x) ≤ 0, here Boolean IR expressions that must be true
// (the conjuncts of an assertion). Constraints may use any integer
// operator, ==, !=, && and ||, and several variables.
type CSP struct {
	Space       *Space
	Domain      Box
	Constraints []ir.Expr
	Mode        Mode
}

// NewCSP checks the constraints and builds the CSP.
func NewCSP(s *Space, domain Box, mode Mode, constraints ...ir.Expr) (*CSP, error) {
	if len(domain) != len(s.Vars) {
		return nil, fmt.Errorf("contractor: domain has %d sides for %d variables", len(domain), len(s.Vars))
	}
	for _, c := range constraints {
		if err := Check(s, c); err != nil {
			return nil, err
		}
	}
	return &CSP{Space: s, Domain: domain.clone(), Constraints: constraints, Mode: mode}, nil
}

// Conjuncts splits e at its top-level &&: Algorithm 2 contracts them one
// after the other.
func Conjuncts(e ir.Expr) []ir.Expr {
	if b, ok := e.(*ir.Binary); ok && b.Op == ir.LAnd {
		return append(Conjuncts(b.X), Conjuncts(b.Y)...)
	}
	return []ir.Expr{e}
}

// ForwardBackward is Algorithm 1 on one constraint: the boxes of b where
// constraint c has the given truth value (true: f(x) ≤ 0, the outer
// contractor's step; false: the complement f(x) > 0, the inner one's).
func (p *CSP) ForwardBackward(b Box, c ir.Expr, truth bool) Union {
	return contract(p.Space, p.Mode, b, c, truth)
}

// Outer is Algorithm 2: every constraint in turn contracts the domain to
// the part that may satisfy them all; the rest violates one for sure.
func (p *CSP) Outer(domain Union) Union {
	cur := domain
	for _, c := range p.Constraints {
		var next Union
		for _, b := range cur {
			next = append(next, p.ForwardBackward(b, c, true)...)
		}
		cur = next.normalize()
	}
	return cur
}

// Inner is Algorithm 3: the union, over the constraints, of the boxes
// where that constraint may fail. Outside it every constraint holds.
func (p *CSP) Inner(domain Union) Union {
	var out Union
	for _, c := range p.Constraints {
		for _, b := range domain {
			out = append(out, p.ForwardBackward(b, c, false)...)
		}
	}
	return out.normalize()
}

// Sets is the outcome of Algorithm 5 on a domain: Out violates the
// constraints everywhere, In satisfies them everywhere, Boundary is
// undecided. Outer and Inner are [x]' and [x]”.
type Sets struct {
	Outer, Inner      Union
	Out, In, Boundary Union
}

// Solve runs Algorithm 5: S_out = [x] \ C_out([x]), S_in = [x]' \
// C_in([x]'), S_boundary = C_in([x]').
func (p *CSP) Solve() Sets {
	d := Union{p.Domain.clone()}
	var s Sets
	s.Outer = p.Outer(d)
	s.Out = d.Diff(s.Outer)
	s.Inner = p.Inner(s.Outer)
	s.In = s.Outer.Diff(s.Inner)
	s.Boundary = s.Inner
	return s
}

// Holds reports whether every constraint holds at every point of b (the
// inner contractor empties b).
func (p *CSP) Holds(b Box) bool { return p.Inner(Union{b}).Empty() }

// Fprint writes the CSP as the paper's figures do.
func (p *CSP) Fprint(w io.Writer, indent string) {
	names := make([]string, len(p.Space.Vars))
	for i, v := range p.Space.Vars {
		names[i] = varName(v)
	}
	fmt.Fprintf(w, "%svariables   %s\n", indent, strings.Join(names, ", "))
	fmt.Fprintf(w, "%sdomain      %s\n", indent, p.Space.Format(p.Domain))
	for j, c := range p.Constraints {
		fmt.Fprintf(w, "%sconstraint  f%d: %s\n", indent, j+1, Normal(c))
	}
}

// Normal prints a constraint in the paper's f(x) ≤ 0 form where it is a
// single comparison (x >= y is y - x <= 0), else as the IR condition.
func Normal(c ir.Expr) string {
	b, ok := c.(*ir.Binary)
	if !ok {
		return ir.ExprString(c)
	}
	n, ok := normalForms[b.Op]
	if !ok {
		return ir.ExprString(c)
	}
	x, y := ir.ExprString(b.X), ir.ExprString(b.Y)
	if n.swap {
		x, y = y, x
	}
	return fmt.Sprintf("%s - %s %s 0", x, y, n.rel)
}

// normalForms are the f(x) rel 0 forms of the comparisons: x op y is
// x - y rel 0, or y - x rel 0 when swapped (x >= y is y - x <= 0).
var normalForms = map[ir.BinOp]struct {
	rel  string
	swap bool
}{
	ir.Le: {"<=", false}, ir.Lt: {"<", false}, ir.Ge: {"<=", true}, ir.Gt: {"<", true},
	ir.Eq: {"==", false}, ir.Ne: {"!=", false},
}
