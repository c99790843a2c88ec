package ir

import (
	"errors"
	"fmt"
)

// CheckProgram verifies the IR's invariants: well-typed operands, jump
// targets inside their function, variables belonging to the function that
// uses them, Nondet only as a whole right-hand side, loops well formed. The
// front end's tests run it on every program they lower; a failure is a
// front-end bug.
func CheckProgram(p *Program) error {
	var errs []error
	globals := map[*Var]bool{}
	for _, g := range p.Globals {
		if g.Kind != Global {
			errs = append(errs, fmt.Errorf("global %s has kind %s", g.Name, g.Kind))
		}
		if int64(len(g.Data)) > g.Type.Size() {
			errs = append(errs, fmt.Errorf("global %s: %d bytes of data for a %d-byte object", g.Name, len(g.Data), g.Type.Size()))
		}
		globals[g] = true
	}
	seen := map[string]bool{}
	check := func(f *Function) {
		if f == nil || f.Body == nil {
			return
		}
		if seen[f.Name] {
			errs = append(errs, fmt.Errorf("function %s defined twice", f.Name))
		}
		seen[f.Name] = true
		c := &checker{p: p, f: f, globals: globals, locals: map[*Var]bool{}}
		for _, v := range f.Locals {
			c.locals[v] = true
		}
		for i, in := range f.Body {
			c.at = i
			c.instr(in)
		}
		for _, l := range f.Loops {
			if l.Head < 0 || l.Latch >= len(f.Body) || l.Head > l.Latch {
				c.errorf("loop %d..%d out of range", l.Head, l.Latch)
				continue
			}
			if g, ok := f.Body[l.Latch].(*Goto); !ok || g.Target != l.Head {
				c.errorf("loop latch %d is not a goto to head %d", l.Latch, l.Head)
			}
		}
		errs = append(errs, c.errs...)
	}
	check(p.Init)
	for _, f := range p.Funcs {
		check(f)
	}
	return errors.Join(errs...)
}

type checker struct {
	p       *Program
	f       *Function
	at      int
	globals map[*Var]bool
	locals  map[*Var]bool
	errs    []error
}

func (c *checker) errorf(format string, args ...any) {
	if len(c.errs) > 20 {
		return
	}
	c.errs = append(c.errs, fmt.Errorf("%s:%d (%s): %s", c.f.Name, c.at, InstrString(c.f.Body[c.at]), fmt.Sprintf(format, args...)))
}

func (c *checker) instr(in Instr) {
	switch in := in.(type) {
	case *Decl:
		c.varOK(in.V, true)
	case *Dead:
		c.varOK(in.V, true)
	case *Assign:
		c.lvalue(in.Lhs)
		if nd, ok := in.Rhs.(*Nondet); ok {
			if !SameType(nd.T, in.Lhs.Type()) {
				c.errorf("nondet of type %s assigned to %s", nd.T, in.Lhs.Type())
			}
			return
		}
		c.expr(in.Rhs)
		if !assignable(in.Lhs.Type(), in.Rhs.Type()) {
			c.errorf("assignment of %s to %s", in.Rhs.Type(), in.Lhs.Type())
		}
	case *Assume:
		c.scalar(in.Cond)
	case *Assert:
		c.scalar(in.Cond)
		if in.Prop == nil {
			c.errorf("assert without a property")
		}
	case *Goto:
		if in.Cond != nil {
			c.scalar(in.Cond)
		}
		if in.Target < 0 || in.Target >= len(c.f.Body) {
			c.errorf("goto target %d outside the body", in.Target)
		}
	case *Call:
		if in.Result != nil {
			c.lvalue(in.Result)
		}
		for _, a := range in.Args {
			c.expr(a)
		}
		if in.Fn == nil && in.Builtin == NotBuiltin {
			c.errorf("call of nothing")
		}
		if in.Fn != nil {
			if len(in.Args) < len(in.Fn.Type.Params) {
				c.errorf("call of %s with %d arguments for %d parameters", in.Fn.Name, len(in.Args), len(in.Fn.Type.Params))
			}
			for i, a := range in.Args {
				if i < len(in.Fn.Type.Params) && !assignable(in.Fn.Type.Params[i], a.Type()) {
					c.errorf("argument %d of %s has type %s, parameter %s", i, in.Fn.Name, a.Type(), in.Fn.Type.Params[i])
				}
			}
			if in.Result != nil && !assignable(in.Result.Type(), in.Fn.Type.Result) {
				c.errorf("result of %s (%s) stored in %s", in.Fn.Name, in.Fn.Type.Result, in.Result.Type())
			}
		}
	case *Return:
		if in.Value != nil {
			c.expr(in.Value)
			if c.f.Type != nil && !assignable(c.f.Type.Result, in.Value.Type()) {
				c.errorf("return of %s from a function returning %s", in.Value.Type(), c.f.Type.Result)
			}
		}
	case *Skip, *Unsupported:
	default:
		c.errorf("unknown instruction %T", in)
	}
}

// assignable: the IR demands identical types, except that any pointer
// may be stored in any pointer (the front end casts where C does; the
// engines treat pointers uniformly).
func assignable(dst, src Type) bool {
	if SameType(dst, src) {
		return true
	}
	_, dp := dst.(*PointerType)
	_, sp := src.(*PointerType)
	return dp && sp
}

func (c *checker) varOK(v *Var, local bool) {
	if v == nil {
		c.errorf("nil variable")
		return
	}
	if c.globals[v] || c.locals[v] {
		return
	}
	c.errorf("variable %s (%s) does not belong to %s or the globals", v.Name, v.Kind, c.f.Name)
}

func (c *checker) lvalue(e Expr) {
	if !IsLvalue(e) {
		c.errorf("assignment to non-lvalue %s", ExprString(e))
	}
	c.expr(e)
}

func (c *checker) scalar(e Expr) {
	c.expr(e)
	if e != nil && !IsScalar(e.Type()) {
		c.errorf("condition %s of non-scalar type %s", ExprString(e), e.Type())
	}
}

func (c *checker) expr(e Expr) {
	switch e := e.(type) {
	case nil:
		c.errorf("missing expression")
	case *Const:
		if it, ok := e.T.(*IntType); ok && e.Bits&^it.Mask() != 0 {
			c.errorf("constant %#x does not fit %s", e.Bits, it)
		}
		if it, ok := e.T.(*IntType); ok && it.IsBool() && e.Bits > 1 {
			c.errorf("_Bool constant %d", e.Bits)
		}
	case *FloatConst:
		// Each type reads one of the fields: a value in the other is
		// a front-end slip that would read as zero.
		if e.T != nil && (e.T.IsLong() && e.V != 0 || !e.T.IsLong() && e.X != (Float80{})) {
			c.errorf("%s constant with its value in the wrong field", e.T)
		}
	case *VarRef:
		c.varOK(e.V, false)
	case *Deref:
		c.expr(e.P)
		pt, ok := e.P.Type().(*PointerType)
		if !ok {
			c.errorf("dereference of non-pointer %s", ExprString(e.P))
		} else if !SameType(pt.Elem, e.T) {
			c.errorf("dereference of %s as %s", pt, e.T)
		}
	case *Field:
		c.expr(e.X)
		st, ok := e.X.Type().(*StructType)
		if !ok || e.Index < 0 || e.Index >= len(st.Fields) {
			c.errorf("bad field %d of %s", e.Index, e.X.Type())
		}
	case *Index:
		c.expr(e.X)
		c.expr(e.I)
		if _, ok := e.X.Type().(*ArrayType); !ok {
			c.errorf("index of non-array %s", e.X.Type())
		}
		if _, ok := e.I.Type().(*IntType); !ok {
			c.errorf("index of type %s", e.I.Type())
		}
	case *AddrOf:
		if !IsLvalue(e.X) {
			c.errorf("address of non-lvalue %s", ExprString(e.X))
		}
		c.expr(e.X)
		if !SameType(e.T.Elem, e.X.Type()) {
			c.errorf("address of %s typed %s", e.X.Type(), e.T)
		}
	case *FuncAddr:
		if e.F == nil || c.p.Func(e.F.Name) != e.F {
			c.errorf("address of a function that is not in the program")
		}
		if e.T == nil {
			c.errorf("function address without a type")
		} else if _, ok := e.T.Elem.(*FuncType); !ok {
			c.errorf("function address typed %s", e.T)
		}
	case *Unary:
		c.expr(e.X)
		switch e.Op {
		case LNot:
			if !IsScalar(e.X.Type()) {
				c.errorf("! of %s", e.X.Type())
			}
		case BNot:
			if _, ok := e.X.Type().(*IntType); !ok || !SameType(e.T, e.X.Type()) {
				c.errorf("~ of %s typed %s", e.X.Type(), e.T)
			}
		case Neg:
			if !SameType(e.T, e.X.Type()) {
				c.errorf("- of %s typed %s", e.X.Type(), e.T)
			}
		}
	case *Binary:
		c.expr(e.X)
		c.expr(e.Y)
		c.binary(e)
	case *Cast:
		c.expr(e.X)
		if !IsScalar(e.T) && !SameType(e.T, e.X.Type()) {
			c.errorf("cast of %s to %s", e.X.Type(), e.T)
		}
	case *Cond:
		c.scalar(e.C)
		c.expr(e.X)
		c.expr(e.Y)
		if !assignable(e.T, e.X.Type()) || !assignable(e.T, e.Y.Type()) {
			c.errorf("?: of %s and %s typed %s", e.X.Type(), e.Y.Type(), e.T)
		}
	case *Valid:
		c.expr(e.P)
		if _, ok := e.P.Type().(*PointerType); !ok {
			c.errorf("valid of non-pointer %s", ExprString(e.P))
		}
		if e.N <= 0 {
			c.errorf("valid for %d bytes", e.N)
		}
		if it, ok := e.T.(*IntType); !ok || it.Bits != 32 || !it.Signed {
			c.errorf("valid typed %s, not int", e.T)
		}
	case *Freeable:
		c.expr(e.P)
		if _, ok := e.P.Type().(*PointerType); !ok {
			c.errorf("freeable of non-pointer %s", ExprString(e.P))
		}
		if it, ok := e.T.(*IntType); !ok || it.Bits != 32 || !it.Signed {
			c.errorf("freeable typed %s, not int", e.T)
		}
	case *Nondet:
		c.errorf("nondet inside an expression")
	default:
		c.errorf("unknown expression %T", e)
	}
}

func (c *checker) binary(e *Binary) {
	xt, yt := e.X.Type(), e.Y.Type()
	switch e.Op {
	case Add, Sub, Mul, Div, Rem, And, Or, Xor:
		if !IsScalar(xt) || !SameType(xt, yt) || !SameType(xt, e.T) {
			c.errorf("%s of %s and %s typed %s", e.Op, xt, yt, e.T)
		}
		if _, ok := xt.(*PointerType); ok {
			c.errorf("%s on pointers", e.Op)
		}
	case Shl, Shr:
		_, xi := xt.(*IntType)
		_, yi := yt.(*IntType)
		if !xi || !yi || !SameType(xt, e.T) {
			c.errorf("%s of %s by %s typed %s", e.Op, xt, yt, e.T)
		}
	case Eq, Ne, Lt, Le, Gt, Ge:
		if !IsScalar(xt) || !assignable(xt, yt) {
			c.errorf("comparison of %s and %s", xt, yt)
		}
		c.intResult(e)
	case LAnd, LOr:
		if !IsScalar(xt) || !IsScalar(yt) {
			c.errorf("%s of %s and %s", e.Op, xt, yt)
		}
		c.intResult(e)
	case PtrAdd:
		_, xp := xt.(*PointerType)
		_, yi := yt.(*IntType)
		if !xp || !yi {
			c.errorf("pointer add of %s and %s", xt, yt)
		}
	case PtrSub:
		_, xp := xt.(*PointerType)
		_, yp := yt.(*PointerType)
		if !xp || !yp {
			c.errorf("pointer difference of %s and %s", xt, yt)
		}
	}
}

func (c *checker) intResult(e *Binary) {
	if it, ok := e.T.(*IntType); !ok || it.Bits != 32 || !it.Signed {
		c.errorf("%s yields %s, not int", e.Op, e.T)
	}
}
