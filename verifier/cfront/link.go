package cfront

import (
	"fmt"

	"github.com/prbmc/prbmc/verifier/ir"
)

// linkProblem records why the units do not link as a C linker would
// (Program.LinkProblems), once per text.
func (l *linker) linkProblem(format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	for _, p := range l.out.LinkProblems {
		if p == msg {
			return
		}
	}
	l.out.LinkProblems = append(l.out.LinkProblems, msg)
}

// checkExternal compares the type unit u declares external name with
// have, the type of the unit that declared it first. Within a unit the
// type checker has done so; across units nothing has, and a call or a
// load through a type of another layout would be a different program.
// conv converts u's declaration only when needed.
func (l *linker) checkExternal(u *Unit, name string, have ir.Type, conv func() (ir.Type, error)) {
	first := l.extUnit[name]
	if first == nil || first == u || u.Name == libcName {
		return
	}
	t, err := conv()
	if err != nil {
		// A type the IR does not model (long double): what uses it is
		// unsupported wherever it is, in either unit.
		return
	}
	if !SameLayout(have, t) {
		l.linkProblem("%s is declared as %s in %s and as %s in %s", name, have, first.Name, t, u.Name)
	}
}

// SameLayout reports whether a and b have the same representation:
// integers of the same width and signedness, pointers to such, arrays of
// the same length (one of unknown length matches any), structs and
// unions with the same members at the same offsets (an incomplete one
// matches any), functions with such parameters and results. Struct
// types of two units are distinct objects even when one header defines
// them; this compares them by structure.
func SameLayout(a, b ir.Type) bool {
	return sameLayout(a, b, map[[2]*ir.StructType]bool{})
}

func sameLayout(a, b ir.Type, seen map[[2]*ir.StructType]bool) bool {
	if a == b {
		return true
	}
	switch x := a.(type) {
	case *ir.IntType:
		y, ok := b.(*ir.IntType)
		return ok && x.Bits == y.Bits && x.Signed == y.Signed
	case *ir.FloatType:
		y, ok := b.(*ir.FloatType)
		return ok && x.Bits == y.Bits
	case *ir.PointerType:
		y, ok := b.(*ir.PointerType)
		return ok && x.Bytes == y.Bytes && sameLayout(x.Elem, y.Elem, seen)
	case *ir.ArrayType:
		y, ok := b.(*ir.ArrayType)
		return ok && (x.Len < 0 || y.Len < 0 || x.Len == y.Len) && sameLayout(x.Elem, y.Elem, seen)
	case *ir.StructType:
		y, ok := b.(*ir.StructType)
		if !ok || x.Union != y.Union {
			return false
		}
		if incomplete(x) || incomplete(y) {
			return true
		}
		key := [2]*ir.StructType{x, y}
		if seen[key] {
			return true
		}
		seen[key] = true
		if x.Bytes != y.Bytes || len(x.Fields) != len(y.Fields) {
			return false
		}
		for i := range x.Fields {
			fx, fy := x.Fields[i], y.Fields[i]
			if fx.Name != fy.Name || fx.Offset != fy.Offset || !sameLayout(fx.Type, fy.Type, seen) {
				return false
			}
		}
		return true
	case *ir.FuncType:
		y, ok := b.(*ir.FuncType)
		if !ok || x.Variadic != y.Variadic || len(x.Params) != len(y.Params) || !sameLayout(x.Result, y.Result, seen) {
			return false
		}
		for i := range x.Params {
			if !sameLayout(x.Params[i], y.Params[i], seen) {
				return false
			}
		}
		return true
	case ir.VoidType:
		_, ok := b.(ir.VoidType)
		return ok
	}
	return false
}

// incomplete says whether a struct type was only declared (struct s;).
func incomplete(t *ir.StructType) bool { return t.Bytes == 0 && len(t.Fields) == 0 }
