package cfront

import (
	"math"

	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

// The floating-point classification built-ins glibc's <math.h> expands
// isnan, isinf, isfinite, isnormal, signbit, fpclassify, HUGE_VAL,
// INFINITY, NAN and the quiet comparisons (isless, ...) to under gcc's
// predefined macros. They are exact for float and double: classification
// is a comparison against the type's largest and smallest normal values
// (IEEE comparisons are false for NaN), which agrees with the bits; signbit
// reads the sign bit through the models __prbmc_signbit(f) (a union, as
// fabs), since comparisons cannot see the sign of a zero or a NaN. long
// double is classified the same way, its limits in the x87 format (where
// the comparisons read an unnormal as a NaN, as the x87 does).

// fpBuiltin lowers the built-in call name if it is one of these.
func (fl *fnLower) fpBuiltin(pe *cc.PostfixExpression, name string, args []cc.ExpressionNode, rt ir.Type) (ir.Expr, bool) {
	st := fl.std()
	switch name {
	case "__builtin_huge_val", "__builtin_inf":
		return &ir.FloatConst{T: st.Double, V: math.Inf(1)}, true
	case "__builtin_huge_valf", "__builtin_inff":
		return &ir.FloatConst{T: st.Float, V: math.Inf(1)}, true
	case "__builtin_huge_vall", "__builtin_infl":
		return &ir.FloatConst{T: st.LongDouble, X: ir.Float80Inf(false)}, true
	case "__builtin_nan", "__builtin_nanf", "__builtin_nanl":
		t := st.Double
		switch name {
		case "__builtin_nanf":
			t = st.Float
		case "__builtin_nanl":
			t = st.LongDouble
		}
		if len(args) != 1 {
			fl.fail(pe, "%s takes one argument", name)
		}
		if s, ok := args[0].Value().(cc.StringValue); !ok || (string(s) != "" && string(s) != "\x00") {
			fl.fail(pe, "%s with a payload (only \"\" is supported)", name)
		}
		// gcc's default quiet NaN: positive, payload 0.
		if t.IsLong() {
			return &ir.FloatConst{T: t, X: ir.Float80{SE: 0x7fff, M: 0xc000000000000000}}, true
		}
		return &ir.FloatConst{T: t, V: math.Float64frombits(0x7ff8000000000000)}, true
	case "__builtin_isnan", "__builtin_isinf", "__builtin_isinf_sign", "__builtin_isfinite",
		"__builtin_isnormal", "__builtin_signbit", "__builtin_signbitf":
		if len(args) != 1 {
			fl.fail(pe, "%s takes one argument", name)
		}
		x, ft := fl.fpOperand(pe, name, args[0])
		var r ir.Expr
		switch name {
		case "__builtin_isnan":
			r = fl.fpIsNaN(x)
		case "__builtin_isinf":
			r = fl.fpIsInf(x, ft)
		case "__builtin_isinf_sign":
			r = &ir.Cond{C: fl.fpCmp(ir.Gt, x, fl.fpMax(ft, false)), X: fl.intConst(1),
				Y: &ir.Cond{C: fl.fpCmp(ir.Lt, x, fl.fpMax(ft, true)), X: fl.intConst(-1), Y: fl.intConst(0), T: st.Int}, T: st.Int}
		case "__builtin_isfinite":
			r = fl.fpIsFinite(x, ft)
		case "__builtin_isnormal":
			r = fl.fpIsNormal(x, ft)
		default:
			model := "__prbmc_signbit"
			switch ft.Bits {
			case 32:
				model = "__prbmc_signbitf"
			case 80:
				model = "__prbmc_signbitl"
			}
			return fl.convert(fl.callModel(pe, model, []ir.Expr{x}), rt), true
		}
		return fl.convert(r, rt), true
	case "__builtin_fpclassify":
		if len(args) != 6 {
			fl.fail(pe, "%s takes six arguments", name)
		}
		var cls []ir.Expr
		for _, a := range args[:5] {
			cls = append(cls, fl.fpTemp(fl.convert(fl.rvalue(a), st.Int)))
		}
		x, ft := fl.fpOperand(pe, name, args[5])
		zero := &ir.FloatConst{T: ft}
		// FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO.
		r := &ir.Cond{C: fl.fpIsNaN(x), X: cls[0], T: st.Int, Y: &ir.Cond{C: fl.fpIsInf(x, ft), X: cls[1], T: st.Int,
			Y: &ir.Cond{C: fl.fpIsNormal(x, ft), X: cls[2], T: st.Int,
				Y: &ir.Cond{C: fl.fpCmp(ir.Eq, x, zero), X: cls[4], Y: cls[3], T: st.Int}}}}
		return fl.convert(r, rt), true
	case "__builtin_isgreater", "__builtin_isgreaterequal", "__builtin_isless", "__builtin_islessequal",
		"__builtin_islessgreater", "__builtin_isunordered":
		if len(args) != 2 {
			fl.fail(pe, "%s takes two arguments", name)
		}
		x, y := fl.rvalue(args[0]), fl.rvalue(args[1])
		t := st.Double
		xf, xok := x.Type().(*ir.FloatType)
		yf, yok := y.Type().(*ir.FloatType)
		switch {
		case xok && yok && xf.Bits == 32 && yf.Bits == 32:
			t = st.Float
		case xok && xf.IsLong() || yok && yf.IsLong():
			t = st.LongDouble
		}
		for _, v := range []ir.Expr{x, y} {
			if !ir.IsScalar(v.Type()) {
				fl.fail(pe, "%s of %s", name, v.Type())
			}
			if _, ok := v.Type().(*ir.PointerType); ok {
				fl.fail(pe, "%s of a pointer", name)
			}
		}
		x, y = fl.fpTemp(fl.convert(x, t)), fl.fpTemp(fl.convert(y, t))
		var r ir.Expr
		switch name {
		case "__builtin_isgreater":
			r = fl.fpCmp(ir.Gt, x, y)
		case "__builtin_isgreaterequal":
			r = fl.fpCmp(ir.Ge, x, y)
		case "__builtin_isless":
			r = fl.fpCmp(ir.Lt, x, y)
		case "__builtin_islessequal":
			r = fl.fpCmp(ir.Le, x, y)
		case "__builtin_islessgreater":
			r = &ir.Binary{Op: ir.LOr, X: fl.fpCmp(ir.Lt, x, y), Y: fl.fpCmp(ir.Gt, x, y), T: st.Int}
		default:
			r = &ir.Binary{Op: ir.LOr, X: fl.fpIsNaN(x), Y: fl.fpIsNaN(y), T: st.Int}
		}
		return fl.convert(r, rt), true
	}
	return nil, false
}

// fpOperand lowers the floating-point argument of a classification
// built-in into a temporary.
func (fl *fnLower) fpOperand(pe *cc.PostfixExpression, name string, a cc.ExpressionNode) (ir.Expr, *ir.FloatType) {
	x := fl.rvalue(a)
	ft, ok := x.Type().(*ir.FloatType)
	if !ok {
		fl.fail(pe, "%s of %s", name, x.Type())
	}
	return fl.fpTemp(x), ft
}

// fpTemp holds e in a temporary, so that it can be read more than once.
func (fl *fnLower) fpTemp(e ir.Expr) ir.Expr {
	switch e.(type) {
	case *ir.Const, *ir.FloatConst:
		return e
	}
	t := fl.temp(e.Type())
	fl.assign(&ir.VarRef{V: t}, e)
	return &ir.VarRef{V: t}
}

func (fl *fnLower) fpCmp(op ir.BinOp, x, y ir.Expr) ir.Expr {
	return &ir.Binary{Op: op, X: x, Y: y, T: fl.std().Int}
}

// fpMax is the type's largest finite value (negated: its lowest).
func (fl *fnLower) fpMax(ft *ir.FloatType, neg bool) ir.Expr {
	if ft.IsLong() {
		return longDoubleLimit(ft, ir.Float80{SE: 0x7ffe, M: math.MaxUint64}, neg)
	}
	v := math.MaxFloat64
	if ft.Bits == 32 {
		v = math.MaxFloat32
	}
	if neg {
		v = -v
	}
	return &ir.FloatConst{T: ft, V: v}
}

// fpMinNormal is the type's smallest positive normal value (negated: its
// largest negative one).
func (fl *fnLower) fpMinNormal(ft *ir.FloatType, neg bool) ir.Expr {
	if ft.IsLong() {
		return longDoubleLimit(ft, ir.Float80{SE: 1, M: 1 << 63}, neg)
	}
	v := 0x1p-1022
	if ft.Bits == 32 {
		v = 0x1p-126
	}
	if neg {
		v = -v
	}
	return &ir.FloatConst{T: ft, V: v}
}

func longDoubleLimit(ft *ir.FloatType, x ir.Float80, neg bool) ir.Expr {
	if neg {
		x.SE |= 0x8000
	}
	return &ir.FloatConst{T: ft, X: x}
}

func (fl *fnLower) fpIsNaN(x ir.Expr) ir.Expr { return fl.fpCmp(ir.Ne, x, x) }

func (fl *fnLower) fpIsInf(x ir.Expr, ft *ir.FloatType) ir.Expr {
	return &ir.Binary{Op: ir.LOr, X: fl.fpCmp(ir.Gt, x, fl.fpMax(ft, false)), Y: fl.fpCmp(ir.Lt, x, fl.fpMax(ft, true)), T: fl.std().Int}
}

func (fl *fnLower) fpIsFinite(x ir.Expr, ft *ir.FloatType) ir.Expr {
	return &ir.Binary{Op: ir.LAnd, X: fl.fpCmp(ir.Ge, x, fl.fpMax(ft, true)), Y: fl.fpCmp(ir.Le, x, fl.fpMax(ft, false)), T: fl.std().Int}
}

func (fl *fnLower) fpIsNormal(x ir.Expr, ft *ir.FloatType) ir.Expr {
	st := fl.std()
	pos := &ir.Binary{Op: ir.LAnd, X: fl.fpCmp(ir.Ge, x, fl.fpMinNormal(ft, false)), Y: fl.fpCmp(ir.Le, x, fl.fpMax(ft, false)), T: st.Int}
	neg := &ir.Binary{Op: ir.LAnd, X: fl.fpCmp(ir.Le, x, fl.fpMinNormal(ft, true)), Y: fl.fpCmp(ir.Ge, x, fl.fpMax(ft, true)), T: st.Int}
	return &ir.Binary{Op: ir.LOr, X: pos, Y: neg, T: st.Int}
}

// callModel calls the library model name (models/libc.c) with args
// converted to its parameters and returns its result in a temporary.
func (fl *fnLower) callModel(pe *cc.PostfixExpression, name string, args []ir.Expr) ir.Expr {
	f := fl.l.extFuncs[name]
	if f == nil || !fl.definedByUser(name) {
		fl.fail(pe, "no model of %s", name)
	}
	var conv []ir.Expr
	for i, a := range args {
		if i < len(f.Type.Params) {
			a = fl.convert(a, f.Type.Params[i])
		}
		conv = append(conv, a)
	}
	t := fl.temp(f.Type.Result)
	fl.emit(&ir.Call{At: fl.at(), Result: &ir.VarRef{V: t}, Fn: f, Args: conv})
	return &ir.VarRef{V: t}
}
