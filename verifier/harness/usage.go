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
	// stringy: the code looks for a NUL in what it points to, or passes
	// it to a string function; minBytes: the bytes a constant index or
	// a copy of a constant size reaches.
	stringy  map[string]bool
	minBytes map[string]int64
}

// maxEvidenceBytes bounds the object a constant index or copy asks for:
// beyond it the harness keeps its default and the check says what fails.
const maxEvidenceBytes = 4096

// shape is what the code says of the object behind one pointer.
type shape struct {
	nullable, indexed, str bool
	minBytes               int64
}

func (u *usage) shapeOf(key string) shape {
	return shape{nullable: u.nullChecked[key], indexed: u.indexed[key], str: u.stringy[key], minBytes: u.minBytes[key]}
}

// stringFuncs take a NUL-terminated string as their first argument (and,
// for the two-string ones, their second).
var stringFuncs = map[string]int{
	"strlen": 1, "strnlen": 1, "strcmp": 2, "strncmp": 2, "strcasecmp": 2, "strncasecmp": 2,
	"strchr": 1, "strrchr": 1, "strstr": 2, "strdup": 1, "strndup": 1, "strcpy": 2, "strcat": 2,
	"strspn": 2, "strcspn": 2, "strpbrk": 2, "atoi": 1, "atol": 1, "atof": 1, "strtol": 1,
	"strtoul": 1, "strtoll": 1, "strtoull": 1, "strtod": 1, "strtof": 1, "puts": 1, "fputs": 1,
}

func paramKey(v *ir.Var) string { return "p:" + v.Name }

func memberKey(s *ir.StructType, i int) string { return "m:" + s.Name + ":" + strconv.Itoa(i) }

// analyse collects the usage of f's parameters (in f only: "NULL only
// where the function checks for NULL") and of struct members (anywhere f
// can reach, since members are shared).
func analyse(f *ir.Function) *usage {
	return analyseCalls(f, map[*ir.Function]*usage{}, maxCallEvidenceDepth)
}

// maxCallEvidenceDepth bounds how far down the calls a parameter's use is
// followed (calleeEvidence).
const maxCallEvidenceDepth = 3

// analyseCalls is analyse, with what f's callees do with the parameters
// f passes them (calleeEvidence) followed depth levels down.
func analyseCalls(f *ir.Function, memo map[*ir.Function]*usage, depth int) *usage {
	if u, ok := memo[f]; ok {
		return u
	}
	u := analyseOne(f)
	memo[f] = u // a recursive call sees f's own use
	if depth > 0 {
		u.calleeEvidence(f, memo, depth)
	}
	return u
}

// calleeEvidence adds what f's callees say of the parameters f passes
// them unchanged: matchstar(p, pattern, ...) calls matchpattern(pattern,
// ...), which reads pattern[1], so pattern is an array in matchstar's
// harness too, and a string a callee scans is a string here. Whether a
// NULL is expected is left to f's own tests (a callee that checks for
// NULL says nothing of f's own dereferences).
func (u *usage) calleeEvidence(f *ir.Function, memo map[*ir.Function]*usage, depth int) {
	for _, in := range f.Body {
		c, ok := in.(*ir.Call)
		if !ok || c.Fn == nil || !c.Fn.HasBody() || c.Fn.Library {
			continue
		}
		var cu *usage
		for i, a := range c.Args {
			if i >= len(c.Fn.Params) {
				break
			}
			r, ok := stripCasts(a).(*ir.VarRef)
			if !ok || r.V.Kind != ir.Param || r.V.Func != f {
				continue
			}
			if cu == nil {
				cu = analyseCalls(c.Fn, memo, depth-1)
			}
			k, ck := paramKey(r.V), paramKey(c.Fn.Params[i])
			if cu.indexed[ck] {
				u.indexed[k] = true
			}
			if cu.stringy[ck] {
				u.stringy[k] = true
			}
			u.atLeast(k, cu.minBytes[ck])
		}
	}
}

// analyseOne is analyse of f's own code.
func analyseOne(f *ir.Function) *usage {
	u := &usage{nullChecked: map[string]bool{}, indexed: map[string]bool{}, stringy: map[string]bool{}, minBytes: map[string]int64{}}
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
							if c, ok := b.Y.(*ir.Const); ok && b.Op == ir.PtrAdd {
								if pt, ok := b.X.Type().(*ir.PointerType); ok && pt.Elem.Size() > 0 {
									u.atLeast(k, (int64(c.Bits)+1)*pt.Elem.Size())
								}
							}
						}
					}
					if p := nulTested(e); p != nil {
						if k := keyOf(p, inF); k != "" {
							u.stringy[k] = true
						}
					}
					return true
				})
			}
			if gt, ok := in.(*ir.Goto); ok && gt.Cond != nil {
				if p := charLoad(gt.Cond); p != nil {
					if k := keyOf(p, inF); k != "" {
						u.stringy[k] = true
					}
				}
			}
			if c, ok := in.(*ir.Call); ok {
				u.callEvidence(c, func(e ir.Expr) string { return keyOf(e, inF) })
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

// atLeast records that the object behind key spans n bytes or more.
func (u *usage) atLeast(key string, n int64) {
	if n > 0 && n <= maxEvidenceBytes && n > u.minBytes[key] {
		u.minBytes[key] = n
	}
}

// callEvidence reads what a call says of its pointer arguments: a string
// function's are strings; memcpy, memmove and memset of a constant size
// span that many bytes.
func (u *usage) callEvidence(c *ir.Call, keyOf func(ir.Expr) string) {
	switch c.Builtin {
	case ir.BMemcpy, ir.BMemmove, ir.BMemset:
		if len(c.Args) == 3 {
			if n, ok := c.Args[2].(*ir.Const); ok {
				for _, a := range c.Args[:2] {
					if k := keyOf(a); k != "" {
						u.atLeast(k, int64(n.Bits))
					}
				}
			}
		}
		return
	}
	if c.Fn == nil {
		return
	}
	if n, ok := stringFuncs[ir.CName(c.Fn.Name)]; ok {
		for _, a := range c.Args[:min(n, len(c.Args))] {
			if k := keyOf(a); k != "" {
				u.stringy[k] = true
			}
		}
	}
}

// nulTested returns the pointer whose character e compares with 0
// (*s == 0, s[i] != '\0'), or nil.
func nulTested(e ir.Expr) ir.Expr {
	b, ok := e.(*ir.Binary)
	if !ok || b.Op != ir.Eq && b.Op != ir.Ne {
		return nil
	}
	if isZero(b.Y) {
		return charLoad(b.X)
	}
	if isZero(b.X) {
		return charLoad(b.Y)
	}
	return nil
}

// charLoad returns the pointer p when e reads a byte through it (*p,
// p[i], *(p + i), perhaps widened or negated), or nil.
func charLoad(e ir.Expr) ir.Expr {
	for {
		if c, ok := e.(*ir.Cast); ok {
			e = c.X
			continue
		}
		if u, ok := e.(*ir.Unary); ok && u.Op == ir.LNot {
			e = u.X
			continue
		}
		break
	}
	d, ok := e.(*ir.Deref)
	if !ok {
		return nil
	}
	if it, ok := d.Type().(*ir.IntType); !ok || it.Bits != 8 || it.IsBool() {
		return nil
	}
	p := d.P
	if b, ok := p.(*ir.Binary); ok && (b.Op == ir.PtrAdd || b.Op == ir.PtrSub) {
		p = b.X
	}
	return p
}

func isZero(e ir.Expr) bool {
	for c, ok := e.(*ir.Cast); ok; c, ok = e.(*ir.Cast) {
		e = c.X
	}
	k, ok := e.(*ir.Const)
	return ok && k.Bits == 0
}
