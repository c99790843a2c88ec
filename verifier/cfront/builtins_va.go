package cfront

import (
	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

// moreBuiltins lowers the GCC built-ins of builtins_fp.go and says what
// is not supported of <stdarg.h>.
func (fl *fnLower) moreBuiltins(pe *cc.PostfixExpression, name string, args []cc.ExpressionNode, rt ir.Type) (ir.Expr, bool) {
	if e, ok := fl.fpBuiltin(pe, name, args, rt); ok {
		return e, true
	}
	// <stdarg.h>: a call of a variadic function is lowered (the extra
	// arguments promoted), and a body that never reads them is fine, but
	// reading them is not modelled: cc/v4 expands va_arg(ap, T) to
	// *(T *)__builtin_va_arg_impl(ap). Reaching va_start is unknown, so
	// that nothing the arguments point to escapes a model unseen (a
	// vfprintf stub given ap).
	switch name {
	case "__builtin_va_start", "__builtin_va_arg_impl", "__builtin_va_end", "__builtin_va_copy":
		what := map[string]string{"__builtin_va_start": "va_start", "__builtin_va_arg_impl": "va_arg",
			"__builtin_va_end": "va_end", "__builtin_va_copy": "va_copy"}[name]
		fl.fail(pe, "%s: reading the arguments of a variadic function (...) is not supported", what)
	}
	return nil, false
}
