package zone

import (
	"github.com/prbmc/prbmc/verifier/ir"
)

type analyzer struct {
	p       *ir.Program
	f       *ir.Function
	vars    []*ir.Var // v_1.. in order
	index   map[*ir.Var]int
	globals []int
}

// trackable is an integer type of at most 32 bits, with its range.
func trackable(t ir.Type) (lo, hi int64, ok bool) {
	it, isInt := t.(*ir.IntType)
	if !isInt || it.Bits > 32 {
		return 0, 0, false
	}
	return it.Int64Range()
}

func newAnalyzer(p *ir.Program, f *ir.Function) *analyzer {
	a := &analyzer{p: p, f: f, index: map[*ir.Var]int{}}
	inMem := ir.AddressTaken(p)
	add := func(v *ir.Var) {
		if _, _, ok := trackable(v.Type); ok && !inMem[v] && !v.AddrTaken {
			a.vars = append(a.vars, v)
			a.index[v] = len(a.vars)
			if v.Kind == ir.Global {
				a.globals = append(a.globals, len(a.vars))
			}
		}
	}
	for _, v := range p.Globals {
		add(v)
	}
	for _, v := range f.Locals {
		add(v)
	}
	return a
}

// typeBounds bounds every variable by its type.
func (a *analyzer) typeBounds(s State) State {
	if s.bot {
		return s
	}
	s = s.clone()
	for i, v := range a.vars {
		lo, hi, _ := trackable(v.Type)
		s.c[i+1][0] = min(s.c[i+1][0], hi)
		s.c[0][i+1] = min(s.c[0][i+1], -lo)
	}
	return s.close()
}

// havoc forgets v_i, keeping its type's range.
func (a *analyzer) havoc(s State, i int) State {
	if s.bot {
		return s
	}
	s = s.forget(i)
	lo, hi, _ := trackable(a.vars[i-1].Type)
	s.c[i][0], s.c[0][i] = hi, -lo
	return s.close()
}

type edge = ir.Edge[State]

func (a *analyzer) step(pc int, st State) []edge {
	next := pc + 1
	switch in := a.f.Body[pc].(type) {
	case *ir.Decl:
		i, ok := a.index[in.V]
		if !ok || in.V.Kind == ir.Global {
			return []edge{{To: next, State: st}}
		}
		if in.HasInit {
			return []edge{{To: next, State: a.assignConst(st, i, 0)}}
		}
		return []edge{{To: next, State: a.havoc(st, i)}}
	case *ir.Dead:
		if i, ok := a.index[in.V]; ok {
			return []edge{{To: next, State: a.havoc(st, i)}}
		}
	case *ir.Assign:
		if r, ok := in.Lhs.(*ir.VarRef); ok {
			if i, ok := a.index[r.V]; ok {
				return []edge{{To: next, State: a.assign(st, i, in.Rhs)}}
			}
		}
	case *ir.Call:
		s := st
		if in.Fn != nil {
			for _, g := range a.globals {
				s = a.havoc(s, g)
			}
		}
		if r, ok := in.Result.(*ir.VarRef); ok {
			if i, ok := a.index[r.V]; ok {
				s = a.havoc(s, i)
			}
		}
		return []edge{{To: next, State: s}}
	}
	return []edge{{To: next, State: st}}
}

func (a *analyzer) assignConst(st State, i int, c int64) State {
	s := st.forget(i)
	s.c[i][0], s.c[0][i] = c, -c
	return s.close()
}

// assign is v_i := e.
func (a *analyzer) assign(st State, i int, e ir.Expr) State {
	if _, ok := e.(*ir.Nondet); ok {
		return a.havoc(st, i)
	}
	lo, hi, _ := trackable(a.vars[i-1].Type)
	if j, c, ok := a.linear(st, e); ok {
		switch {
		case j == 0:
			if c >= lo && c <= hi {
				return a.assignConst(st, i, c)
			}
		case j == i:
			// v_i := v_i + c shifts every bound of v_i.
			s := st.clone()
			for k := range s.c {
				if k != i {
					s.c[i][k] = add(s.c[i][k], c)
					if s.c[k][i] < inf {
						s.c[k][i] -= c
					}
				}
			}
			return s.close()
		default:
			s := st.forget(i)
			s.c[i][j], s.c[j][i] = c, -c
			return s.close()
		}
	}
	// Not a linear form: keep what intervals of the right-hand side say.
	s := a.havoc(st, i)
	if elo, ehi, ok := a.eval(st, e); ok && elo >= lo && ehi <= hi {
		s.c[i][0], s.c[0][i] = min(s.c[i][0], ehi), min(s.c[0][i], -elo)
		return s.close()
	}
	return s
}

// linear writes e as v_j + c (j = 0 for a constant), when e equals it
// exactly in every state of st: no wrap-around in its type.
func (a *analyzer) linear(st State, e ir.Expr) (j int, c int64, ok bool) {
	lo, hi, okT := trackable(e.Type())
	if !okT {
		return 0, 0, false
	}
	switch e := e.(type) {
	case *ir.Const:
		it := e.T.(*ir.IntType)
		v := int64(e.Bits)
		if it.Signed && it.Bits < 64 {
			shift := uint(64 - it.Bits)
			v = v << shift >> shift
		}
		return 0, v, v >= lo && v <= hi
	case *ir.VarRef:
		j, ok := a.index[e.V]
		return j, 0, ok
	case *ir.Cast:
		if _, _, ok := trackable(e.X.Type()); !ok {
			return 0, 0, false
		}
		j, c, ok := a.linear(st, e.X)
		return a.fits(st, j, c, lo, hi, ok)
	case *ir.Binary:
		if e.Op != ir.Add && e.Op != ir.Sub {
			return 0, 0, false
		}
		jx, cx, okx := a.linear(st, e.X)
		jy, cy, oky := a.linear(st, e.Y)
		if !okx || !oky {
			return 0, 0, false
		}
		switch {
		case jy == 0 && e.Op == ir.Add:
			return a.fits(st, jx, cx+cy, lo, hi, true)
		case jy == 0:
			return a.fits(st, jx, cx-cy, lo, hi, true)
		case jx == 0 && e.Op == ir.Add:
			return a.fits(st, jy, cx+cy, lo, hi, true)
		}
	}
	return 0, 0, false
}

// fits keeps v_j + c when all its values lie in [lo, hi].
func (a *analyzer) fits(st State, j int, c, lo, hi int64, ok bool) (int, int64, bool) {
	if !ok {
		return 0, 0, false
	}
	if j == 0 {
		return 0, c, c >= lo && c <= hi
	}
	vlo, vhi := st.bounds(j)
	if vlo <= -inf || vhi >= inf || vlo+c < lo || vhi+c > hi {
		return 0, 0, false
	}
	return j, c, true
}

// eval bounds e's value by intervals of the zone's variables.
func (a *analyzer) eval(st State, e ir.Expr) (lo, hi int64, ok bool) {
	tlo, thi, okT := trackable(e.Type())
	if !okT {
		return 0, 0, false
	}
	if j, c, ok := a.linear(st, e); ok {
		if j == 0 {
			return c, c, true
		}
		vlo, vhi := st.bounds(j)
		if vlo <= -inf || vhi >= inf {
			return tlo, thi, true
		}
		return vlo + c, vhi + c, true
	}
	switch e := e.(type) {
	case *ir.Binary:
		if e.Op.IsComparison() {
			return 0, 1, true
		}
		xlo, xhi, okx := a.eval(st, e.X)
		ylo, yhi, oky := a.eval(st, e.Y)
		if !okx || !oky {
			return tlo, thi, true
		}
		var l, h int64
		switch e.Op {
		case ir.Add:
			l, h = xlo+ylo, xhi+yhi
		case ir.Sub:
			l, h = xlo-yhi, xhi-ylo
		case ir.Mul:
			// Operands lie within 32-bit types' ranges: no int64 overflow
			// below 2^31 each.
			if xlo < -(1<<31) || xhi > 1<<31 || ylo < -(1<<31) || yhi > 1<<31 {
				return tlo, thi, true
			}
			cs := []int64{xlo * ylo, xlo * yhi, xhi * ylo, xhi * yhi}
			l, h = cs[0], cs[0]
			for _, v := range cs {
				l, h = min(l, v), max(h, v)
			}
		case ir.Rem:
			// x % y for y > 0 lies within (-y, y), and has x's sign.
			if ylo <= 0 {
				return tlo, thi, true
			}
			l, h = -(yhi - 1), yhi-1
			if xlo >= 0 {
				l = 0
			}
			if xhi <= 0 {
				h = 0
			}
		default:
			return tlo, thi, true
		}
		if l < tlo || h > thi {
			return tlo, thi, true
		}
		return l, h, true
	}
	return tlo, thi, true
}

// refine is st where c is nonzero (truth) or zero.
func (a *analyzer) refine(st State, c ir.Expr, truth bool) State {
	if st.bot {
		return st
	}
	if r, ok := ir.RefineLogical(st, c, truth, a.refine, join); ok {
		return r
	}
	switch e := c.(type) {
	case *ir.Binary:
		switch e.Op {
		case ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge:
			return a.compare(st, e.Op, e.X, e.Y, truth)
		}
	case *ir.Cast:
		if it, ok := e.T.(*ir.IntType); ok && it.IsBool() {
			return a.refine(st, e.X, truth)
		}
	}
	// A truth test of a linear form: zero pins it.
	if j, k, ok := a.linear(st, c); ok && !truth {
		if j == 0 {
			if k != 0 {
				return State{bot: true}
			}
			return st
		}
		return st.constrain(j, 0, -k).constrain(0, j, k)
	}
	return st
}

// compare is st where x op y holds (truth) or fails.
func (a *analyzer) compare(st State, op ir.BinOp, x, y ir.Expr, truth bool) State {
	if !truth {
		op = map[ir.BinOp]ir.BinOp{ir.Eq: ir.Ne, ir.Ne: ir.Eq, ir.Lt: ir.Ge, ir.Le: ir.Gt, ir.Gt: ir.Le, ir.Ge: ir.Lt}[op]
	}
	jx, cx, okx := a.linear(st, x)
	jy, cy, oky := a.linear(st, y)
	if !okx || !oky {
		return st
	}
	// v_jx + cx op v_jy + cy, as bounds on v_jx - v_jy.
	d := cy - cx
	le := func(s State, i, j int, c int64) State { // v_i - v_j <= c
		if i == j {
			if c < 0 {
				return State{bot: true}
			}
			return s
		}
		return s.constrain(i, j, c)
	}
	switch op {
	case ir.Lt:
		return le(st, jx, jy, d-1)
	case ir.Le:
		return le(st, jx, jy, d)
	case ir.Gt:
		return le(st, jy, jx, -d-1)
	case ir.Ge:
		return le(st, jy, jx, -d)
	case ir.Eq:
		return le(le(st, jx, jy, d), jy, jx, -d)
	case ir.Ne:
		if jx == jy {
			if d == 0 {
				return State{bot: true}
			}
			return st
		}
		// v_jx - v_jy != d trims a bound equal to d.
		s := st
		if s.c[jx][jy] == d {
			s = le(s, jx, jy, d-1)
		}
		if !s.bot && -s.c[jy][jx] == d {
			s = le(s, jy, jx, -d-1)
		}
		return s
	}
	return st
}
