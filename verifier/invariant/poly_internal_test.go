package invariant

import (
	"math/big"
	"testing"
)

// poly builds a polynomial from terms: each a coefficient and the symbols
// of its monomial ({3, 0, 0} is 3·x0²).
func poly(terms ...[]int64) Poly {
	p := polyConst(new(big.Int))
	for _, t := range terms {
		m := polyConst(big.NewInt(t[0]))
		for _, s := range t[1:] {
			m = m.Mul(polySym(int(s)))
		}
		p = p.Add(m)
	}
	return p
}

func names(s int) string { return string(rune('a' + s)) }

// TestPolyArith: products expand, equal terms cancel, the printed form
// is fixed (degree first, then symbols).
func TestPolyArith(t *testing.T) {
	x, y := poly([]int64{1, 0}), poly([]int64{1, 1})
	one := poly([]int64{1})
	tests := []struct {
		p    Poly
		want string
	}{
		{x.Add(y).Mul(x.Sub(y)), "a*a - b*b"},
		{y.Add(one).Mul(y.Add(one)).Sub(y.Mul(y)), "2*b + 1"},
		{x.Sub(x), "0"},
		{x.Mul(x).Mul(y).Scale(big.NewInt(-3)).Add(one), "-3*a*a*b + 1"},
	}
	for _, tc := range tests {
		if got := tc.p.Format(names, "*"); got != tc.want {
			t.Errorf("got %s, want %s", got, tc.want)
		}
	}
	// ps2 after one iteration: y' = y + 1, x' = x + y'.
	p := poly([]int64{1, 1, 1}, []int64{-2, 0}, []int64{1, 1}) // b*b - 2a + b
	next := p.Subst(func(s int) Poly {
		if s == 0 {
			return x.Add(y).Add(one)
		}
		return y.Add(one)
	})
	if got := next.Sub(p); !got.IsZero() {
		t.Errorf("ps2's invariant changes by %s", got.Format(names, "*"))
	}
}

// TestCombination: the identity checker finds integer combinations and
// refuses what is not one — a different polynomial, or a combination
// that needs a fraction (2·P = F proves P ≡ 0 only modulo 2^(w-1)).
func TestCombination(t *testing.T) {
	a, b, c := poly([]int64{1, 0}), poly([]int64{1, 1}), poly([]int64{1, 2})
	tests := []struct {
		name   string
		target Poly
		basis  []Poly
		ok     bool
	}{
		{"one fact", a.Mul(b), []Poly{a.Mul(b)}, true},
		// egcd: P2(next) = P2 - P3.
		{"difference", a.Sub(b).Sub(c.Mul(a)), []Poly{a.Sub(c.Mul(a)), b}, true},
		{"scaled", a.Scale(big.NewInt(6)), []Poly{a.Scale(big.NewInt(3))}, true},
		{"needs a half", a, []Poly{a.Scale(big.NewInt(2))}, false},
		{"not in the span", a.Mul(a), []Poly{a, b}, false},
		{"constant", poly([]int64{1}), []Poly{a}, false},
		{"no facts", a, nil, false},
	}
	for _, tc := range tests {
		cs, ok := Combination(tc.target, tc.basis)
		if ok != tc.ok {
			t.Errorf("%s: ok %v, want %v", tc.name, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		sum := polyConst(new(big.Int))
		for i, c := range cs {
			sum = sum.Add(tc.basis[i].Scale(c))
		}
		if !sum.Sub(tc.target).IsZero() {
			t.Errorf("%s: the combination %v is wrong", tc.name, cs)
		}
	}
}

// TestNullSpace: the equalities over monomials that sample points satisfy
// (DIG's method), in exact arithmetic.
func TestNullSpace(t *testing.T) {
	// Points (y, x) of ps2's loop: x = y(y+1)/2. Columns 1, y, x, y².
	var rows [][]*big.Int
	for y := int64(0); y < 6; y++ {
		x := y * (y + 1) / 2
		rows = append(rows, []*big.Int{big.NewInt(1), big.NewInt(y), big.NewInt(x), big.NewInt(y * y)})
	}
	ns := NullSpace(rows, 4)
	if len(ns) != 1 {
		t.Fatalf("null space of dimension %d, want 1: %v", len(ns), ns)
	}
	want := []int64{0, 1, -2, 1} // y - 2x + y² == 0
	for i, w := range want {
		if ns[0][i].Int64() != w {
			t.Fatalf("got %v, want %v", ns[0], want)
		}
	}
}
