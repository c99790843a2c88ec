package cfront

import (
	"reflect"

	"modernc.org/cc/v4"
)

// hasEffects reports whether evaluating n may change the state: an
// assignment, ++/--, a call, a statement expression or a compound literal
// anywhere inside it. sizeof and _Alignof operands are not evaluated.
func hasEffects(n cc.ExpressionNode) bool {
	if n == nil {
		return false
	}
	switch x := n.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionExpr:
			return hasEffects(x.ExpressionList)
		case cc.PrimaryExpressionStmt:
			return true
		case cc.PrimaryExpressionGeneric:
			if a := x.GenericSelection.Associated(); a != nil {
				return hasEffects(a.AssignmentExpression)
			}
			return true
		}
		return false
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionPrimary:
			return hasEffects(x.PrimaryExpression)
		case cc.PostfixExpressionIndex:
			return hasEffects(x.PostfixExpression) || hasEffects(x.ExpressionList)
		case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
			return hasEffects(x.PostfixExpression)
		case cc.PostfixExpressionCall:
			name := calleeName(x)
			if name == "__builtin_expect" || name == "__builtin_constant_p" {
				for l := x.ArgumentExpressionList; l != nil; l = l.ArgumentExpressionList {
					if hasEffects(l.AssignmentExpression) {
						return true
					}
				}
				return false
			}
			return true
		}
		return true
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPostfix:
			return hasEffects(x.PostfixExpression)
		case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
			return true
		case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
			return false
		case cc.UnaryExpressionAddrof, cc.UnaryExpressionDeref, cc.UnaryExpressionPlus, cc.UnaryExpressionMinus,
			cc.UnaryExpressionCpl, cc.UnaryExpressionNot:
			return hasEffects(x.CastExpression)
		}
		return true
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return hasEffects(x.UnaryExpression)
		}
		return hasEffects(x.CastExpression)
	case *cc.MultiplicativeExpression:
		if x.Case == cc.MultiplicativeExpressionCast {
			return hasEffects(x.CastExpression)
		}
		return hasEffects(x.MultiplicativeExpression) || hasEffects(x.CastExpression)
	case *cc.AdditiveExpression:
		if x.Case == cc.AdditiveExpressionMul {
			return hasEffects(x.MultiplicativeExpression)
		}
		return hasEffects(x.AdditiveExpression) || hasEffects(x.MultiplicativeExpression)
	case *cc.ShiftExpression:
		if x.Case == cc.ShiftExpressionAdd {
			return hasEffects(x.AdditiveExpression)
		}
		return hasEffects(x.ShiftExpression) || hasEffects(x.AdditiveExpression)
	case *cc.RelationalExpression:
		if x.Case == cc.RelationalExpressionShift {
			return hasEffects(x.ShiftExpression)
		}
		return hasEffects(x.RelationalExpression) || hasEffects(x.ShiftExpression)
	case *cc.EqualityExpression:
		if x.Case == cc.EqualityExpressionRel {
			return hasEffects(x.RelationalExpression)
		}
		return hasEffects(x.EqualityExpression) || hasEffects(x.RelationalExpression)
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionEq {
			return hasEffects(x.EqualityExpression)
		}
		return hasEffects(x.AndExpression) || hasEffects(x.EqualityExpression)
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionAnd {
			return hasEffects(x.AndExpression)
		}
		return hasEffects(x.ExclusiveOrExpression) || hasEffects(x.AndExpression)
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionXor {
			return hasEffects(x.ExclusiveOrExpression)
		}
		return hasEffects(x.InclusiveOrExpression) || hasEffects(x.ExclusiveOrExpression)
	case *cc.LogicalAndExpression:
		if x.Case == cc.LogicalAndExpressionOr {
			return hasEffects(x.InclusiveOrExpression)
		}
		return hasEffects(x.LogicalAndExpression) || hasEffects(x.InclusiveOrExpression)
	case *cc.LogicalOrExpression:
		if x.Case == cc.LogicalOrExpressionLAnd {
			return hasEffects(x.LogicalAndExpression)
		}
		return hasEffects(x.LogicalOrExpression) || hasEffects(x.LogicalAndExpression)
	case *cc.ConditionalExpression:
		if x.Case == cc.ConditionalExpressionLOr {
			return hasEffects(x.LogicalOrExpression)
		}
		return hasEffects(x.LogicalOrExpression) || hasEffects(x.ExpressionList) || hasEffects(x.ConditionalExpression)
	case *cc.AssignmentExpression:
		if x.Case == cc.AssignmentExpressionCond {
			return hasEffects(x.ConditionalExpression)
		}
		return true
	case *cc.ExpressionList:
		for l := x; l != nil; l = l.ExpressionList {
			if hasEffects(l.AssignmentExpression) {
				return true
			}
		}
		return false
	case *cc.ConstantExpression:
		return hasEffects(x.ConditionalExpression)
	}
	return true
}

// anyNode reports whether pred holds for n or for a syntax node inside it
// (statement expressions included), not looking inside the operands of
// sizeof and _Alignof. cc/v4 has no walker: this one follows the exported
// pointer and interface fields of its node structs, which are the
// grammar's children.
func anyNode(n cc.Node, pred func(cc.Node) bool) bool {
	if n == nil {
		return false
	}
	v := reflect.ValueOf(n)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return false
	}
	if pred(n) {
		return true
	}
	if u, ok := n.(*cc.UnaryExpression); ok {
		switch u.Case {
		case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
			return false
		}
	}
	s := v.Elem()
	if s.Kind() != reflect.Struct {
		return false
	}
	for i := 0; i < s.NumField(); i++ {
		if !s.Type().Field(i).IsExported() {
			continue
		}
		f := s.Field(i)
		if f.Kind() != reflect.Pointer && f.Kind() != reflect.Interface || f.IsNil() {
			continue
		}
		if c, ok := f.Interface().(cc.Node); ok && anyNode(c, pred) {
			return true
		}
	}
	return false
}
