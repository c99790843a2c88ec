package harness

import (
	"strconv"

	"github.com/prbmc/prbmc/verifier/ir"
)

// usage records how a function (and what it calls) uses pointers, which
// decides the shape of the objects a harness gives it.
type usage struct {
	// nullChecked and indexed hold keys of parameters ("p:name") and of
	// struct members ("m:struct node:2").
	nullChecked map[string]bool
	indexed     map[string]bool
}

func paramKey(v *ir.Var) string { return "p:" + v.Name }

func memberKey(s *ir.StructType, i int) string { return "m:" + s.Name + ":" + strconv.Itoa(i) }

// analyse collects the usage of f's parameters (in f only: "NULL only
// where the function checks for NULL") and of struct members (anywhere f
// can reach, since members are shared).
func analyse(f *ir.Function) *usage {
	u := &usage{nullChecked: map[string]bool{}, indexed: map[string]bool{}}
	// One level of copies: char *s = str; then s++.
	alias := map[*ir.Var]*ir.Var{}
	for _, in := range f.Body {
		if a, ok := in.(*ir.Assign); ok {
			l, ok1 := a.Lhs.(*ir.VarRef)
			r, ok2 := stripCasts(a.Rhs).(*ir.VarRef)
			if ok1 && ok2 && r.V.Kind == ir.Param && l.V.Kind != ir.Global {
				alias[l.V] = r.V
			}
		}
	}
	keyOf := func(e ir.Expr, inF bool) string {
		switch e := stripCasts(e).(type) {
		case *ir.VarRef:
			if !inF {
				return ""
			}
			v := e.V
			if p, ok := alias[v]; ok {
				v = p
			}
			if v.Kind == ir.Param {
				return paramKey(v)
			}
		case *ir.Field:
			if s, ok := e.X.Type().(*ir.StructType); ok {
				return memberKey(s, e.Index)
			}
		}
		return ""
	}
	for _, g := range ir.Reachable(f) {
		inF := g == f
		for _, in := range g.Body {
			for _, op := range ir.Operands(in) {
				ir.Inspect(op, func(e ir.Expr) bool {
					if x := nullTested(e); x != nil {
						if k := keyOf(x, inF); k != "" {
							u.nullChecked[k] = true
						}
					}
					if b, ok := e.(*ir.Binary); ok && (b.Op == ir.PtrAdd || b.Op == ir.PtrSub) {
						if k := keyOf(b.X, inF); k != "" {
							u.indexed[k] = true
						}
					}
					return true
				})
			}
			if gt, ok := in.(*ir.Goto); ok && gt.Cond != nil {
				if _, isPtr := stripCasts(gt.Cond).Type().(*ir.PointerType); isPtr {
					if k := keyOf(gt.Cond, inF); k != "" {
						u.nullChecked[k] = true
					}
				}
			}
		}
	}
	return u
}

// nullTested returns the pointer e compares with NULL (p == 0, p != 0, !p,
// (_Bool)p), or nil.
func nullTested(e ir.Expr) ir.Expr {
	switch e := e.(type) {
	case *ir.Binary:
		if e.Op != ir.Eq && e.Op != ir.Ne {
			return nil
		}
		if isNull(e.Y) && isPointer(e.X) {
			return e.X
		}
		if isNull(e.X) && isPointer(e.Y) {
			return e.Y
		}
	case *ir.Unary:
		if e.Op == ir.LNot && isPointer(e.X) {
			return e.X
		}
	case *ir.Cast:
		if _, ok := e.T.(*ir.IntType); ok && isPointer(e.X) {
			return e.X
		}
	}
	return nil
}

func isPointer(e ir.Expr) bool {
	_, ok := stripCasts(e).Type().(*ir.PointerType)
	return ok
}

func isNull(e ir.Expr) bool {
	c, ok := stripCasts(e).(*ir.Const)
	return ok && c.Bits == 0
}

// stripCasts removes pointer-to-pointer casts, which change no value.
func stripCasts(e ir.Expr) ir.Expr {
	for {
		c, ok := e.(*ir.Cast)
		if !ok {
			return e
		}
		_, to := c.T.(*ir.PointerType)
		_, from := c.X.Type().(*ir.PointerType)
		if !to || !from {
			if cst, ok := c.X.(*ir.Const); ok && to {
				return cst
			}
			return e
		}
		e = c.X
	}
}
