package cfront

import (
	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

// moreBuiltins lowers the GCC built-ins of builtins_fp.go and those of
// <stdarg.h>.
func (fl *fnLower) moreBuiltins(pe *cc.PostfixExpression, name string, args []cc.ExpressionNode, rt ir.Type) (ir.Expr, bool) {
	if e, ok := fl.fpBuiltin(pe, name, args, rt); ok {
		return e, true
	}
	// <stdarg.h>. A call passes its extra arguments (promoted) beyond the
	// parameters; va_start makes a block of them, one 8-byte slot each
	// (ir.BVaStart: what x86-64 passes in registers and on the stack, read
	// in order), and va_list is a pointer into it. cc/v4 expands
	// va_arg(ap, T) to *(T *)__builtin_va_arg_impl(ap): the current slot,
	// ap moving to the next. Reading past the arguments the call passed
	// (a format asking for more than it got) is unsupported where it can
	// happen, never a guess. va_copy is an assignment, va_end nothing.
	switch name {
	case "__builtin_va_start":
		if !fl.f.Type.Variadic {
			fl.fail(pe, "va_start in %s, which is not variadic", fl.f.Name)
		}
		if len(args) < 1 {
			fl.fail(pe, "va_start without a va_list")
		}
		for _, a := range args[1:] {
			fl.effect(a)
		}
		ap := fl.lvalue(args[0])
		t := fl.temp(fl.std().VoidPtr)
		fl.emit(&ir.Call{At: fl.at(), Result: &ir.VarRef{V: t}, Builtin: ir.BVaStart})
		fl.assign(ap, fl.convert(&ir.VarRef{V: t}, ap.Type()))
		return nil, true
	case "__builtin_va_arg_impl":
		if len(args) != 1 {
			fl.fail(pe, "va_arg without a va_list")
		}
		ap := fl.lvalue(args[0])
		st := fl.std()
		cur := fl.temp(st.CharPtr)
		fl.assign(&ir.VarRef{V: cur}, fl.convert(ap, st.CharPtr))
		left := fl.temp(st.SizeT)
		fl.emit(&ir.Call{At: fl.at(), Result: &ir.VarRef{V: left}, Builtin: ir.BSizeAfter, Args: []ir.Expr{fl.convert(&ir.VarRef{V: cur}, st.VoidPtr)}})
		ok := fl.newLabel()
		fl.jump(ok, &ir.Binary{Op: ir.Ge, X: &ir.VarRef{V: left}, Y: &ir.Const{T: st.SizeT, Bits: vaSlot}, T: st.Int})
		fl.emit(&ir.Unsupported{At: fl.at(), Construct: "va_arg reads past the arguments the call passed"})
		fl.place(ok)
		next := &ir.Binary{Op: ir.PtrAdd, X: &ir.VarRef{V: cur}, Y: &ir.Const{T: st.Long, Bits: vaSlot}, T: st.CharPtr}
		fl.assign(ap, fl.convert(next, ap.Type()))
		// The pointer itself: cc/v4 casts it to T * (its own type for
		// the call is int, an undeclared function's).
		return &ir.VarRef{V: cur}, true
	case "__builtin_va_end":
		for _, a := range args {
			fl.effect(a)
		}
		return nil, true
	case "__builtin_va_copy":
		if len(args) != 2 {
			fl.fail(pe, "va_copy takes two va_lists")
		}
		dst := fl.lvalue(args[0])
		fl.assign(dst, fl.convert(fl.rvalue(args[1]), dst.Type()))
		return nil, true
	}
	return nil, false
}

// vaSlot is the bytes of one variadic argument in va_start's block.
const vaSlot = 8
