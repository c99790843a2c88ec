package contractor

import (
	"strings"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Space is the ordered set of CSP variables x1..xn; every Box of a CSP is
// over one Space.
type Space struct {
	Vars  []*ir.Var
	index map[*ir.Var]int
}

// NewSpace makes the space of vars, in order.
func NewSpace(vars ...*ir.Var) *Space {
	s := &Space{index: map[*ir.Var]int{}}
	for _, v := range vars {
		s.add(v)
	}
	return s
}

func (s *Space) add(v *ir.Var) int {
	if i, ok := s.index[v]; ok {
		return i
	}
	s.index[v] = len(s.Vars)
	s.Vars = append(s.Vars, v)
	return len(s.Vars) - 1
}

// Index returns v's dimension, or -1.
func (s *Space) Index(v *ir.Var) int {
	if i, ok := s.index[v]; ok {
		return i
	}
	return -1
}

// typ is the type of dimension i: an integer or float type (dimOf).
func (s *Space) typ(i int) ir.Type { t, _ := dimOf(s.Vars[i].Type); return t }

// full is every value of dimension i.
func (s *Space) full(i int) Ival { return fullIval(s.typ(i)) }

// Box is [x1] × … × [xn] over a Space; it is empty when any side is.
type Box []Ival

// Empty reports whether b holds no point.
func (b Box) Empty() bool {
	for _, i := range b {
		if i.Empty() {
			return true
		}
	}
	return false
}

func (b Box) clone() Box { return append(Box(nil), b...) }

// Meet is b ∩ c.
func (b Box) Meet(c Box) Box {
	out := make(Box, len(b))
	for i := range b {
		out[i] = b[i].Meet(c[i])
	}
	return out
}

// Contains reports whether c ⊆ b.
func (b Box) Contains(c Box) bool {
	if c.Empty() {
		return true
	}
	for i := range b {
		if !b[i].Contains(c[i]) {
			return false
		}
	}
	return true
}

// Equal compares boxes as sets.
func (b Box) Equal(c Box) bool { return b.Contains(c) && c.Contains(b) }

// Hull is the least box containing b and c.
func (b Box) Hull(c Box) Box {
	if b.Empty() {
		return c.clone()
	}
	if c.Empty() {
		return b.clone()
	}
	out := make(Box, len(b))
	for i := range b {
		out[i] = b[i].Hull(c[i])
	}
	return out
}

// Diff is b \ c as disjoint boxes (at most 2n of them): peel off, one
// dimension at a time, the parts of b below and above c.
func (b Box) Diff(c Box) []Box {
	m := b.Meet(c)
	if m.Empty() {
		if b.Empty() {
			return nil
		}
		return []Box{b.clone()}
	}
	var out []Box
	rest := b.clone()
	for i := range b {
		if below := (Ival{rest[i].Lo, dec(m[i].Lo)}); !below.Empty() {
			p := rest.clone()
			p[i] = below
			out = append(out, p)
		}
		if above := (Ival{inc(m[i].Hi), rest[i].Hi}); !above.Empty() {
			p := rest.clone()
			p[i] = above
			out = append(out, p)
		}
		rest[i] = m[i]
	}
	return out
}

// Union is a finite union of boxes, the result of contractors over
// disjunctions (the paper's IBEX setting could not represent them).
type Union []Box

// maxBoxes bounds a union; past it boxes are merged into their hull,
// which only over-approximates (contractors stay sound).
const maxBoxes = 64

// normalize drops empty boxes and boxes inside others.
func (u Union) normalize() Union {
	var out Union
	for i, b := range u {
		if b.Empty() {
			continue
		}
		dup := false
		for j, c := range u {
			if i != j && !c.Empty() && c.Contains(b) && (!b.Contains(c) || j < i) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, b)
		}
	}
	if len(out) > maxBoxes {
		h := out[0]
		for _, b := range out[1:] {
			h = h.Hull(b)
		}
		out = Union{h}
	}
	return out
}

// Diff is u \ v.
func (u Union) Diff(v Union) Union {
	cur := append(Union(nil), u...)
	for _, c := range v {
		var next Union
		for _, b := range cur {
			next = append(next, b.Diff(c)...)
		}
		cur = next
	}
	return cur.normalize()
}

// Empty reports whether u holds no point.
func (u Union) Empty() bool {
	for _, b := range u {
		if !b.Empty() {
			return false
		}
	}
	return true
}

// Format prints a box as the paper does: [x] = [0, 20] × [y] = [0, MAX].
func (s *Space) Format(b Box) string {
	if b.Empty() {
		return "∅"
	}
	parts := make([]string, len(b))
	for i, iv := range b {
		parts[i] = "[" + varName(s.Vars[i]) + "] = " + fmtSide(s.typ(i), iv)
	}
	return strings.Join(parts, " × ")
}

// FormatUnion prints a union of boxes, one per line under indent.
func (s *Space) FormatUnion(u Union) string {
	if u.Empty() {
		return "∅"
	}
	parts := make([]string, 0, len(u))
	for _, b := range u {
		parts = append(parts, s.Format(b))
	}
	return strings.Join(parts, " ∪ ")
}

func varName(v *ir.Var) string {
	if v.Source != "" && v.Kind != ir.Temp {
		return v.Source
	}
	return v.Name
}
