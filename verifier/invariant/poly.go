package invariant

import (
	"fmt"
	"math/big"
	"sort"
	"strings"
)

// This file is the algebra of the polynomial invariants (algebra.go):
// polynomials with integer coefficients over numbered symbols, and the
// exact linear algebra over the rationals that asks whether one
// polynomial is an integer combination of others and finds the
// polynomial equalities a set of sample points satisfies (DIG's null
// space). Nothing here rounds: coefficients are big.Int, eliminations
// big.Rat.

// mono is a monomial: symbol numbers in ascending order, one entry per
// factor (x·x·y is [x x y]); the empty monomial is the constant 1.
type mono []int

func (m mono) key() string {
	var sb strings.Builder
	for i, s := range m {
		if i > 0 {
			sb.WriteByte('.')
		}
		fmt.Fprint(&sb, s)
	}
	return sb.String()
}

// times is the product of two monomials.
func (m mono) times(n mono) mono {
	out := make(mono, 0, len(m)+len(n))
	out = append(append(out, m...), n...)
	sort.Ints(out)
	return out
}

// Poly is a polynomial with integer coefficients: terms by monomial key.
// The zero polynomial has no terms; no stored coefficient is zero.
type Poly struct {
	terms map[string]*term
}

type term struct {
	m mono
	c *big.Int
}

// polyConst is the constant c.
func polyConst(c *big.Int) Poly {
	p := Poly{terms: map[string]*term{}}
	if c.Sign() != 0 {
		p.terms[""] = &term{m: mono{}, c: new(big.Int).Set(c)}
	}
	return p
}

// polySym is the symbol s.
func polySym(s int) Poly {
	m := mono{s}
	return Poly{terms: map[string]*term{m.key(): {m: m, c: big.NewInt(1)}}}
}

// IsZero reports whether p is the zero polynomial.
func (p Poly) IsZero() bool { return len(p.terms) == 0 }

// addTerm adds c·m to p in place.
func (p Poly) addTerm(m mono, c *big.Int) {
	k := m.key()
	if t, ok := p.terms[k]; ok {
		t.c.Add(t.c, c)
		if t.c.Sign() == 0 {
			delete(p.terms, k)
		}
		return
	}
	if c.Sign() != 0 {
		p.terms[k] = &term{m: m, c: new(big.Int).Set(c)}
	}
}

// Add is p + q.
func (p Poly) Add(q Poly) Poly { return p.lin(q, 1) }

// Sub is p - q.
func (p Poly) Sub(q Poly) Poly { return p.lin(q, -1) }

func (p Poly) lin(q Poly, sign int64) Poly {
	out := Poly{terms: map[string]*term{}}
	for _, t := range p.terms {
		out.addTerm(t.m, t.c)
	}
	s := big.NewInt(sign)
	for _, t := range q.terms {
		out.addTerm(t.m, new(big.Int).Mul(s, t.c))
	}
	return out
}

// Mul is p·q.
func (p Poly) Mul(q Poly) Poly {
	out := Poly{terms: map[string]*term{}}
	for _, s := range p.terms {
		for _, t := range q.terms {
			out.addTerm(s.m.times(t.m), new(big.Int).Mul(s.c, t.c))
		}
	}
	return out
}

// Scale is c·p.
func (p Poly) Scale(c *big.Int) Poly {
	return polyConst(c).Mul(p)
}

// reduce is p with each coefficient taken modulo 2^w into (-2^(w-1),
// 2^(w-1)]: the same polynomial function modulo 2^w.
func (p Poly) reduce(w int) Poly {
	mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
	half := new(big.Int).Rsh(mod, 1)
	out := Poly{terms: map[string]*term{}}
	for _, t := range p.terms {
		c := new(big.Int).Mod(t.c, mod)
		if c.Cmp(half) > 0 {
			c.Sub(c, mod)
		}
		out.addTerm(t.m, c)
	}
	return out
}

// Degree is the largest monomial degree of p (0 for constants and zero).
func (p Poly) Degree() int {
	d := 0
	for _, t := range p.terms {
		d = max(d, len(t.m))
	}
	return d
}

// Symbols are the symbols p mentions, ascending.
func (p Poly) Symbols() []int {
	seen := map[int]bool{}
	var out []int
	for _, t := range p.terms {
		for _, s := range t.m {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	sort.Ints(out)
	return out
}

// sorted are p's terms in a fixed order: by degree, then by symbols.
func (p Poly) sorted() []*term {
	out := make([]*term, 0, len(p.terms))
	for _, t := range p.terms {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].m, out[j].m
		if len(a) != len(b) {
			return len(a) > len(b)
		}
		for k := range a {
			if a[k] != b[k] {
				return a[k] < b[k]
			}
		}
		return false
	})
	return out
}

// Format writes p with name giving each symbol's name and times between
// factors ("y*y - 2*x + y").
func (p Poly) Format(name func(int) string, times string) string {
	if p.IsZero() {
		return "0"
	}
	var sb strings.Builder
	for i, t := range p.sorted() {
		c := new(big.Int).Set(t.c)
		switch {
		case i > 0 && c.Sign() < 0:
			sb.WriteString(" - ")
			c.Neg(c)
		case i > 0:
			sb.WriteString(" + ")
		case c.Sign() < 0:
			sb.WriteString("-")
			c.Neg(c)
		}
		var fs []string
		if c.Cmp(big.NewInt(1)) != 0 || len(t.m) == 0 {
			fs = append(fs, c.String())
		}
		for _, s := range t.m {
			fs = append(fs, name(s))
		}
		sb.WriteString(strings.Join(fs, times))
	}
	return sb.String()
}

// Eval is p at the point val gives each symbol's value of.
func (p Poly) Eval(val func(int) *big.Int) *big.Int {
	sum := new(big.Int)
	for _, t := range p.terms {
		v := new(big.Int).Set(t.c)
		for _, s := range t.m {
			v.Mul(v, val(s))
		}
		sum.Add(sum, v)
	}
	return sum
}

// Subst is p with each symbol s replaced by sub(s).
func (p Poly) Subst(sub func(int) Poly) Poly {
	out := Poly{terms: map[string]*term{}}
	for _, t := range p.terms {
		prod := polyConst(t.c)
		for _, s := range t.m {
			prod = prod.Mul(sub(s))
		}
		out = out.Add(prod)
	}
	return out
}

// Combination finds integers c_j with target = Σ c_j·basis[j] as an
// identity of polynomials, by exact elimination over the rationals; ok is
// false if there is no rational solution or the one found is not integral
// (a rational multiple would not transfer to arithmetic modulo 2^w).
func Combination(target Poly, basis []Poly) (cs []*big.Int, ok bool) {
	rs, ok := solve(target, basis)
	if !ok {
		return nil, false
	}
	cs = make([]*big.Int, len(rs))
	for j, v := range rs {
		if !v.IsInt() {
			return nil, false
		}
		cs[j] = new(big.Int).Set(v.Num())
	}
	return cs, true
}

// inSpan reports whether target is a rational combination of basis.
func inSpan(target Poly, basis []Poly) bool {
	_, ok := solve(target, basis)
	return ok
}

// solve finds rationals c_j with target = Σ c_j·basis[j] (the free ones
// 0), ok false if there are none.
func solve(target Poly, basis []Poly) ([]*big.Rat, bool) {
	// Rows are monomials, columns the basis and then the target.
	keys := map[string]int{}
	var order []string
	note := func(p Poly) {
		for k := range p.terms {
			if _, ok := keys[k]; !ok {
				keys[k] = len(order)
				order = append(order, k)
			}
		}
	}
	for _, b := range basis {
		note(b)
	}
	note(target)
	n := len(basis)
	rows := make([][]*big.Rat, len(order))
	for i := range rows {
		rows[i] = make([]*big.Rat, n+1)
		for j := range rows[i] {
			rows[i][j] = new(big.Rat)
		}
	}
	for j, b := range basis {
		for k, t := range b.terms {
			rows[keys[k]][j].SetInt(t.c)
		}
	}
	for k, t := range target.terms {
		rows[keys[k]][n].SetInt(t.c)
	}
	pivots := eliminate(rows, n)
	// Consistent only if no row reads 0 = nonzero.
	for _, r := range rows {
		zero := true
		for j := 0; j < n; j++ {
			if r[j].Sign() != 0 {
				zero = false
				break
			}
		}
		if zero && r[n].Sign() != 0 {
			return nil, false
		}
	}
	// Free variables are 0: each pivot row then gives its variable.
	cs := make([]*big.Rat, n)
	for j := range cs {
		cs[j] = new(big.Rat)
	}
	for i, col := range pivots {
		cs[col] = new(big.Rat).Set(rows[i][n])
	}
	return cs, true
}

// eliminate brings the first cols columns of rows to reduced row echelon
// form in place (the other columns follow along) and returns the pivot
// column of each leading row.
func eliminate(rows [][]*big.Rat, cols int) []int {
	var pivots []int
	r := 0
	for c := 0; c < cols && r < len(rows); c++ {
		p := -1
		for i := r; i < len(rows); i++ {
			if rows[i][c].Sign() != 0 {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		rows[r], rows[p] = rows[p], rows[r]
		inv := new(big.Rat).Inv(rows[r][c])
		for j := range rows[r] {
			rows[r][j].Mul(rows[r][j], inv)
		}
		for i := range rows {
			if i == r || rows[i][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(rows[i][c])
			for j := range rows[i] {
				rows[i][j].Sub(rows[i][j], new(big.Rat).Mul(f, rows[r][j]))
			}
		}
		pivots = append(pivots, c)
		r++
	}
	return pivots
}

// NullSpace returns a basis of the integer vectors c with M·c = 0 (each
// scaled to integers with no common factor): the coefficient vectors of
// the equalities Σ c_j·m_j(x) = 0 that every sample row of M satisfies.
func NullSpace(m [][]*big.Int, cols int) [][]*big.Int {
	rows := make([][]*big.Rat, len(m))
	for i, r := range m {
		rows[i] = make([]*big.Rat, cols)
		for j := range rows[i] {
			rows[i][j] = new(big.Rat).SetInt(r[j])
		}
	}
	pivots := eliminate(rows, cols)
	isPivot := map[int]int{}
	for i, c := range pivots {
		isPivot[c] = i
	}
	var out [][]*big.Int
	for free := 0; free < cols; free++ {
		if _, ok := isPivot[free]; ok {
			continue
		}
		v := make([]*big.Rat, cols)
		for j := range v {
			v[j] = new(big.Rat)
		}
		v[free].SetInt64(1)
		for c, i := range isPivot {
			v[c].Neg(rows[i][free])
		}
		out = append(out, integral(v))
	}
	return out
}

// integral scales a rational vector to coprime integers, first nonzero
// entry positive.
func integral(v []*big.Rat) []*big.Int {
	l := big.NewInt(1)
	for _, x := range v {
		d := x.Denom()
		g := new(big.Int).GCD(nil, nil, l, d)
		l.Mul(l, new(big.Int).Quo(d, g))
	}
	out := make([]*big.Int, len(v))
	g := new(big.Int)
	for i, x := range v {
		n := new(big.Int).Mul(x.Num(), new(big.Int).Quo(l, x.Denom()))
		out[i] = n
		g.GCD(nil, nil, g, new(big.Int).Abs(n))
	}
	sign := 0
	for _, x := range out {
		if x.Sign() != 0 {
			sign = x.Sign()
			break
		}
	}
	if g.Sign() != 0 {
		for _, x := range out {
			x.Quo(x, g)
			if sign < 0 {
				x.Neg(x)
			}
		}
	}
	return out
}
