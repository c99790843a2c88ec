package contractor

import (
	"fmt"
	"math/big"

	"github.com/prbmc/prbmc/verifier/interval"
	"github.com/prbmc/prbmc/verifier/ir"
)

func inc(x *big.Int) *big.Int { return new(big.Int).Add(x, big.NewInt(1)) }
func dec(x *big.Int) *big.Int { return new(big.Int).Sub(x, big.NewInt(1)) }

// Mode selects how strict comparisons and their complements are contracted.
type Mode int

const (
	// Closed relaxes every constraint to its topological closure over the
	// reals, as IBEX does and as the paper reports its boxes: x < y is
	// contracted as x - y ≤ 0, so the complement of x ≥ y is y - x ≥ 0
	// (Fig. 7's I = [0, ∞)). Both contractors stay sound; boundaries keep
	// the points on the constraint's border.
	Closed Mode = iota
	// Integer uses the integers' exact complements: x < y is x - y ≤ -1.
	Integer
)

// ErrUnsupported marks a constraint the contractor cannot model.
type ErrUnsupported struct{ What string }

func (e *ErrUnsupported) Error() string { return "unsupported in a constraint: " + e.What }

// Check reports whether e can be a constraint of a CSP over space s: an
// integer or float (float, double) expression whose leaves are constants
// and variables of s, with any integer operator and float +, -, *, /,
// negation, comparisons and conversions. Memory reads, long doubles and
// pointers are refused, and so are comparisons between floats of two
// types (C converts them to one).
func Check(s *Space, e ir.Expr) error {
	var err error
	ir.Inspect(e, func(x ir.Expr) bool {
		if err != nil {
			return false
		}
		if _, ok := dimOf(x.Type()); !ok {
			err = &ErrUnsupported{fmt.Sprintf("%s of type %s", ir.ExprString(x), x.Type())}
			return false
		}
		switch x := x.(type) {
		case *ir.Const, *ir.FloatConst, *ir.Unary, *ir.Cast, *ir.Cond:
		case *ir.Binary:
			if x.Op == ir.PtrAdd || x.Op == ir.PtrSub {
				err = &ErrUnsupported{"pointer arithmetic"}
			}
			xt, xf := floatDim(x.X.Type())
			yt, yf := floatDim(x.Y.Type())
			if xf != yf || xf && xt.Bits != yt.Bits {
				err = &ErrUnsupported{fmt.Sprintf("%s mixes %s and %s", ir.ExprString(x), x.X.Type(), x.Y.Type())}
			}
		case *ir.VarRef:
			if s.Index(x.V) < 0 {
				err = &ErrUnsupported{"variable " + x.V.Name + " outside the CSP"}
			}
		default:
			err = &ErrUnsupported{fmt.Sprintf("%s (reads memory)", ir.ExprString(x))}
		}
		return true
	})
	return err
}

// dimOf reports whether values of t can be a side of a box: integers of 1
// to 64 bits, float and double.
func dimOf(t ir.Type) (ir.Type, bool) {
	if it, ok := interval.Trackable(t); ok {
		return it, true
	}
	if ft, ok := floatDim(t); ok {
		return ft, true
	}
	return nil, false
}

// hc4 is one forward-backward pass (Algorithm 1) over one box.
type hc4 struct {
	s     *Space
	mode  Mode
	box   Box
	empty bool
	memo  map[ir.Expr]Ival
}

func newHC4(s *Space, mode Mode, b Box) *hc4 {
	return &hc4{s: s, mode: mode, box: b.clone(), memo: map[ir.Expr]Ival{}, empty: b.Empty()}
}

// exact evaluates e over the box without reducing the last operation into
// e's type: ok says the exact range is known (then fits(t, r) tells
// whether the operation may wrap around).
func (h *hc4) exact(e ir.Expr) (Ival, bool) {
	t, ok := interval.Trackable(e.Type())
	if !ok {
		return Ival{}, false
	}
	switch e := e.(type) {
	case *ir.Binary:
		switch e.Op {
		case ir.Add:
			return h.fwd(e.X).Add(h.fwd(e.Y)), true
		case ir.Sub:
			return h.fwd(e.X).Sub(h.fwd(e.Y)), true
		case ir.Mul:
			x, y := h.fwd(e.X), h.fwd(e.Y)
			vs := []*big.Int{mul(x.Lo, y.Lo), mul(x.Lo, y.Hi), mul(x.Hi, y.Lo), mul(x.Hi, y.Hi)}
			r := Ival{vs[0], vs[0]}
			for _, v := range vs[1:] {
				r = r.Hull(Ival{v, v})
			}
			return r, true
		}
	case *ir.Unary:
		if e.Op == ir.Neg {
			return h.fwd(e.X).Neg(), true
		}
	case *ir.Cast:
		if _, ok := interval.Trackable(e.X.Type()); ok && !t.IsBool() {
			return h.fwd(e.X), true
		}
	}
	return Ival{}, false
}

func mul(a, b *big.Int) *big.Int { return new(big.Int).Mul(a, b) }

// fwd is the forward step: an interval containing e's value at every
// point of the box, under the IR's bit-precise semantics.
func (h *hc4) fwd(e ir.Expr) Ival {
	if r, ok := h.memo[e]; ok {
		return r
	}
	r := h.fwd1(e)
	h.memo[e] = r
	return r
}

func (h *hc4) fwd1(e ir.Expr) Ival {
	if c, ok := e.(*ir.Cond); ok {
		return h.fwdCond(c)
	}
	if ft, ok := floatDim(e.Type()); ok {
		return h.fwdFloat(ft, e)
	}
	t, _ := interval.Trackable(e.Type())
	top := TypeIval(t)
	if x, ok := h.exact(e); ok {
		return inType(t, x)
	}
	switch e := e.(type) {
	case *ir.Const:
		v := interval.ConstValue(t, e.Bits)
		return Ival{v, v}
	case *ir.VarRef:
		if i := h.s.Index(e.V); i >= 0 {
			return h.box[i]
		}
	case *ir.Cast: // to _Bool, or from a float
		x := h.fwd(e.X)
		if xt, ok := floatDim(e.X.Type()); ok && !t.IsBool() {
			return h.floatToIntFwd(t, xt, x)
		}
		// Ordinal 0 is the float zero (±0) and NaN is not 0: the
		// integers' test works for both.
		return FromInterval(interval.Bool(t, x.Contains(zero()), notOnlyZero(x)))
	case *ir.Unary:
		x := h.fwd(e.X)
		switch e.Op {
		case ir.LNot:
			return FromInterval(interval.Bool(t, notOnlyZero(x), x.Contains(zero())))
		case ir.BNot: // ~x = -x - 1
			return inType(t, x.Neg().Sub(NewIval(1, 1)))
		}
	case *ir.Binary:
		switch e.Op {
		case ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge, ir.LAnd, ir.LOr:
			canT := len(h.sub(e, true)) > 0
			canF := len(h.sub(e, false)) > 0
			return FromInterval(interval.Bool(t, canF, canT))
		case ir.Div, ir.Rem, ir.Shl, ir.Shr, ir.And, ir.Or, ir.Xor:
			x, y := h.fwd(e.X), h.fwd(e.Y)
			yt, _ := interval.Trackable(e.Y.Type())
			if x.Empty() || y.Empty() {
				return Ival{big.NewInt(1), new(big.Int)}
			}
			return FromInterval(interval.Arith(e.Op, t, x.toInterval(t), y.toInterval(yt)))
		}
	}
	return top
}

// fwdCond is c ? x : y, of any type.
func (h *hc4) fwdCond(e *ir.Cond) Ival {
	c := h.fwd(e.C)
	x, y := h.fwd(e.X), h.fwd(e.Y)
	switch {
	case !c.Contains(zero()):
		return x
	case c.Lo.Sign() == 0 && c.Hi.Sign() == 0:
		return y
	}
	return x.Hull(y)
}

func zero() Ival { return Ival{new(big.Int), new(big.Int)} }

func notOnlyZero(x Ival) bool { return !x.Empty() && !(x.Lo.Sign() == 0 && x.Hi.Sign() == 0) }

// sub contracts the current box by a Boolean subexpression (used when a
// comparison's value feeds arithmetic, (x > 1) + 1).
func (h *hc4) sub(e ir.Expr, truth bool) Union {
	return contract(h.s, h.mode, h.box, e, truth)
}

// back is the backward step: the executions of the box in which e's value
// lies in want; it intersects every variable with what want implies.
func (h *hc4) back(e ir.Expr, want Ival) {
	if h.empty {
		return
	}
	w := h.fwd(e).Meet(want)
	if w.Empty() {
		h.empty = true
		return
	}
	t, _ := interval.Trackable(e.Type())
	switch e := e.(type) {
	case *ir.VarRef:
		if i := h.s.Index(e.V); i >= 0 {
			h.box[i] = h.box[i].Meet(w)
			if h.box[i].Empty() {
				h.empty = true
			}
			delete(h.memo, e)
		}
		return
	case *ir.Cond:
		return
	}
	if ft, ok := floatDim(e.Type()); ok {
		h.backFloat(ft, e, w)
		return
	}
	// Inverting an operation is only valid where it did not wrap around.
	if x, ok := h.exact(e); ok && fits(t, x) {
		switch e := e.(type) {
		case *ir.Binary:
			x, y := h.fwd(e.X), h.fwd(e.Y)
			switch e.Op {
			case ir.Add: // z = x + y: x = z - y, y = z - x
				h.back(e.X, w.Sub(y))
				h.back(e.Y, w.Sub(x))
			case ir.Sub: // z = x - y: x = z + y, y = x - z
				h.back(e.X, w.Add(y))
				h.back(e.Y, x.Sub(w))
			case ir.Mul: // only by a positive constant: x = z / c
				if c, ok := constOf(y); ok && c.Sign() > 0 {
					h.back(e.X, divOut(w, c))
				} else if c, ok := constOf(x); ok && c.Sign() > 0 {
					h.back(e.Y, divOut(w, c))
				}
			}
		case *ir.Unary: // Neg
			h.back(e.X, w.Neg())
		case *ir.Cast: // value-preserving here
			h.back(e.X, w)
		}
		return
	}
	switch e := e.(type) {
	case *ir.Binary:
		if e.Op.IsComparison() {
			h.backBool(e, w)
		}
	case *ir.Unary:
		if e.Op == ir.LNot {
			h.backBool(e, w)
		}
	case *ir.Cast:
		if t.IsBool() {
			h.backBool(e, w)
		}
	}
}

// backBool narrows the box to the executions giving a truth value in w.
func (h *hc4) backBool(e ir.Expr, w Ival) {
	var u Union
	switch {
	case !w.Contains(zero()):
		u = h.sub(e, true)
	case w.Lo.Sign() == 0 && w.Hi.Sign() == 0:
		u = h.sub(e, false)
	default:
		return
	}
	h.setUnionHull(u)
}

func (h *hc4) setUnionHull(u Union) {
	if u.Empty() {
		h.empty = true
		return
	}
	hull := u[0]
	for _, b := range u[1:] {
		hull = hull.Hull(b)
	}
	h.box = h.box.Meet(hull)
	h.memo = map[ir.Expr]Ival{}
	if h.box.Empty() {
		h.empty = true
	}
}

func constOf(i Ival) (*big.Int, bool) {
	if !i.Empty() && i.Lo.Cmp(i.Hi) == 0 {
		return i.Lo, true
	}
	return nil, false
}

// divOut is {x | c*x ∈ w} for c > 0: [ceil(lo/c), floor(hi/c)].
func divOut(w Ival, c *big.Int) Ival {
	lo, hi := new(big.Int), new(big.Int)
	m := new(big.Int)
	lo.DivMod(w.Lo, c, m) // Euclidean: floor for c > 0
	if m.Sign() != 0 {
		lo.Add(lo, big.NewInt(1))
	}
	hi.DivMod(w.Hi, c, m)
	return Ival{lo, hi}
}

// cmpRange is the set I that X - Y must lie in for op to have the given
// truth value (Definition 5's f(x) ∈ I). Ne true and Eq false are two
// ranges; nil means no restriction.
func cmpRange(op ir.BinOp, truth bool, mode Mode) []Ival {
	if !truth {
		op = map[ir.BinOp]ir.BinOp{ir.Lt: ir.Ge, ir.Ge: ir.Lt, ir.Le: ir.Gt, ir.Gt: ir.Le, ir.Eq: ir.Ne, ir.Ne: ir.Eq}[op]
	}
	strict := int64(1)
	if mode == Closed {
		strict = 0
	}
	inf := new(big.Int).Lsh(big.NewInt(1), 200) // beyond any 64-bit difference
	ninf := new(big.Int).Neg(inf)
	switch op {
	case ir.Lt:
		return []Ival{{ninf, big.NewInt(-strict)}}
	case ir.Le:
		return []Ival{{ninf, new(big.Int)}}
	case ir.Gt:
		return []Ival{{big.NewInt(strict), inf}}
	case ir.Ge:
		return []Ival{{new(big.Int), inf}}
	case ir.Eq:
		return []Ival{zero()}
	case ir.Ne:
		if mode == Closed {
			return nil
		}
		return []Ival{{ninf, big.NewInt(-1)}, {big.NewInt(1), inf}}
	}
	return nil
}

// maxRounds bounds the fixpoint iteration of a conjunction.
const maxRounds = 8

// contract returns boxes whose union contains every point of b at which
// e's truth value is truth (Definition 6: contraction and correctness).
func contract(s *Space, mode Mode, b Box, e ir.Expr, truth bool) Union {
	if b.Empty() {
		return nil
	}
	switch e := e.(type) {
	case *ir.Const:
		t, _ := interval.Trackable(e.T)
		if (interval.ConstValue(t, e.Bits).Sign() != 0) == truth {
			return Union{b.clone()}
		}
		return nil
	case *ir.Unary:
		if e.Op == ir.LNot {
			return contract(s, mode, b, e.X, !truth)
		}
	case *ir.Cast:
		t, isInt := interval.Trackable(e.T)
		if _, ok := interval.Trackable(e.X.Type()); ok && isInt {
			h := newHC4(s, mode, b)
			if t.IsBool() || fits(t, h.fwd(e.X)) { // zero-ness preserved
				return contract(s, mode, b, e.X, truth)
			}
		}
		if _, ok := floatDim(e.X.Type()); ok && isInt && t.IsBool() {
			return contract(s, mode, b, e.X, truth) // x != 0, NaN true
		}
	case *ir.Binary:
		switch e.Op {
		case ir.LAnd, ir.LOr:
			if (e.Op == ir.LAnd) == truth { // both conjuncts: sequential, to a fixpoint
				cur := Union{b.clone()}
				for round := 0; round < maxRounds; round++ {
					var next Union
					for _, c := range cur {
						for _, d := range contract(s, mode, c, e.X, truth) {
							next = append(next, contract(s, mode, d, e.Y, truth)...)
						}
					}
					next = next.normalize()
					if sameUnion(next, cur) {
						break
					}
					cur = next
				}
				return cur
			}
			// A disjunction: the union of both sides' contractions.
			return append(contract(s, mode, b, e.X, truth), contract(s, mode, b, e.Y, truth)...).normalize()
		case ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge:
			if ft, ok := floatDim(e.X.Type()); ok {
				return contractFloatCmp(s, mode, b, ft, e.Op, e.X, e.Y, truth)
			}
			rs := cmpRange(e.Op, truth, mode)
			if rs == nil {
				return Union{b.clone()}
			}
			var out Union
			for _, r := range rs {
				if c := revise(s, mode, b, e.X, e.Y, r, nil); c != nil {
					out = append(out, c)
				}
			}
			return out.normalize()
		}
	}
	// A plain value: e != 0 (true) or e == 0 (false).
	if ft, ok := floatDim(e.Type()); ok {
		return contractFloatCmp(s, Integer, b, ft, ir.Ne, e, ir.NewFloatConst(ft, 0), truth)
	}
	t, _ := interval.Trackable(e.Type())
	zeroC := &ir.Const{T: t}
	op := ir.Ne
	if !truth {
		op = ir.Eq
	}
	var out Union
	for _, r := range cmpRange(op, true, Integer) {
		if c := revise(s, mode, b, e, zeroC, r, nil); c != nil {
			out = append(out, c)
		}
	}
	return out.normalize()
}

func sameUnion(a, b Union) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].Equal(b[i]) {
			return false
		}
	}
	return true
}

// revise is Algorithm 1 for f(x) = X - Y ∈ I, iterated until the box is
// stable: forward [y] = I ∩ ([X] - [Y]), then backward X = [y] + [Y] and
// Y = [X] - [y] down to the variables. nil when the box empties. For
// floats X and Y are ordinals and num restricts both to numbers first.
func revise(s *Space, mode Mode, b Box, x, y ir.Expr, I Ival, num *Ival) Box {
	cur := b.clone()
	for round := 0; round < maxRounds; round++ {
		if num != nil {
			h := newHC4(s, mode, cur)
			h.back(x, *num)
			h.back(y, *num)
			if h.empty || h.box.Empty() {
				return nil
			}
			cur = h.box
		}
		h := newHC4(s, mode, cur)
		fx, fy := h.fwd(x), h.fwd(y)
		f := fx.Sub(fy).Meet(I)
		if f.Empty() {
			return nil
		}
		h.back(x, f.Add(fy))
		h.back(y, fx.Sub(f))
		if h.empty || h.box.Empty() {
			return nil
		}
		if h.box.Equal(cur) {
			break
		}
		cur = h.box
	}
	return cur
}

// Forward evaluates e over box b (the forward step alone), for callers
// that need an expression's range.
func Forward(s *Space, b Box, e ir.Expr) Ival { return newHC4(s, Integer, b).fwd(e) }
