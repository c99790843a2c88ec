package cfront

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"

	"github.com/prbmc/prbmc/verifier/ir"
)

// fnLower lowers one function body (or the global initialisers, for Init).
type fnLower struct {
	l    *linker
	unit *Unit
	f    *ir.Function

	vars   map[*cc.Declarator]*ir.Var
	vlas   map[*ir.Var]ir.Expr       // VLA pointer var -> its size in bytes
	vlaLen map[*cc.ArrayType]ir.Expr // a variable-length array type's evaluated length (see vla.go)
	names  map[string]int
	labels []*label
	named  map[string]*label
	breaks []jumpTarget
	conts  []jumpTarget
	sw     *switchCtx
	// scopes are the enclosing blocks, innermost last (see scope.go);
	// labelInfo is the pre-pass's map of the named labels.
	scopes    []*scope
	labelInfo map[string]*labelInfo
	retType   ir.Type
	cur       ir.Pos // position of the statement being lowered
}

// label is a jump target whose index may not be known yet.
type label struct {
	idx  int // -1 until placed
	refs []*ir.Goto
}

type switchCtx struct {
	cases map[*cc.LabeledStatement]*label
	def   *label
	depth int // len(fl.scopes) at the switch statement
}

// unsupportedErr aborts lowering of the current statement.
type unsupportedErr struct {
	pos  ir.Pos
	what string
}

func newFnLower(l *linker, u *Unit, f *ir.Function) *fnLower {
	fl := &fnLower{l: l, unit: u, f: f, vars: map[*cc.Declarator]*ir.Var{}, vlas: map[*ir.Var]ir.Expr{}, vlaLen: map[*cc.ArrayType]ir.Expr{},
		names: map[string]int{}, named: map[string]*label{}}
	if f.Type != nil {
		fl.retType = f.Type.Result
	}
	return fl
}

func (fl *fnLower) std() *ir.Std { return fl.l.std }

func (fl *fnLower) fail(n cc.Node, format string, args ...any) {
	p := fl.cur
	if n != nil {
		p = fl.l.pos(n.Position())
	}
	panic(&unsupportedErr{pos: p, what: fmt.Sprintf(format, args...)})
}

func (fl *fnLower) emit(in ir.Instr) int {
	fl.f.Body = append(fl.f.Body, in)
	return len(fl.f.Body) - 1
}

func (fl *fnLower) at() ir.At { return ir.At{P: fl.cur} }

func (fl *fnLower) newLabel() *label {
	lb := &label{idx: -1}
	fl.labels = append(fl.labels, lb)
	return lb
}

// place binds lb to the next instruction.
func (fl *fnLower) place(lb *label) {
	lb.idx = len(fl.f.Body)
}

func (fl *fnLower) jump(lb *label, cond ir.Expr) {
	g := &ir.Goto{At: fl.at(), Cond: cond, Target: -1}
	lb.refs = append(lb.refs, g)
	fl.emit(g)
}

// jumpUnless jumps to lb when cond is zero.
func (fl *fnLower) jumpUnless(lb *label, cond ir.Expr) {
	fl.jump(lb, fl.not(cond))
}

func (fl *fnLower) not(c ir.Expr) ir.Expr {
	if u, ok := c.(*ir.Unary); ok && u.Op == ir.LNot {
		if ir.IsTruth(u.X) {
			return u.X
		}
	}
	if b, ok := c.(*ir.Binary); ok {
		inv := map[ir.BinOp]ir.BinOp{ir.Eq: ir.Ne, ir.Ne: ir.Eq, ir.Lt: ir.Ge, ir.Ge: ir.Lt, ir.Gt: ir.Le, ir.Le: ir.Gt}
		if op, ok := inv[b.Op]; ok {
			if _, isFloat := b.X.Type().(*ir.FloatType); !isFloat { // NaN breaks the inversion
				return &ir.Binary{Op: op, X: b.X, Y: b.Y, T: b.T}
			}
		}
	}
	return &ir.Unary{Op: ir.LNot, X: c, T: fl.std().Int}
}

// newVar creates a function-local variable with a unique name.
func (fl *fnLower) newVar(src string, t ir.Type, kind ir.VarKind, p ir.Pos) *ir.Var {
	name := src
	if n := fl.names[src]; n > 0 {
		name = fmt.Sprintf("%s.%d", src, n)
	}
	fl.names[src]++
	v := &ir.Var{Name: name, Source: src, Type: t, Kind: kind, Pos: p, Func: fl.f, ID: len(fl.f.Locals)}
	fl.f.Locals = append(fl.f.Locals, v)
	return v
}

func (fl *fnLower) temp(t ir.Type) *ir.Var {
	return fl.newVar("$t", t, ir.Temp, fl.cur)
}

func (fl *fnLower) assign(lhs, rhs ir.Expr) {
	fl.emit(&ir.Assign{At: fl.at(), Lhs: lhs, Rhs: rhs})
}

// finish resolves jumps; unplaced labels (inside statements that failed to
// lower) point at the end of the body, where a Return or Unsupported is.
func (fl *fnLower) finish() {
	// The closing brace: labels placed last (a loop's exit) point here, so
	// it is emitted even after a final goto or return.
	{
		p := fl.f.End
		var val ir.Expr
		if fl.f.Name == "main" && fl.retType != nil {
			if it, ok := fl.retType.(*ir.IntType); ok {
				val = &ir.Const{T: it} // falling off main returns 0
			}
		} else if fl.retType != nil && fl.retType != ir.Void {
			if ir.IsScalar(fl.retType) {
				// C allows it if the caller ignores the value; use one the
				// interpreter and engines agree on.
				val = zeroOf(fl.retType)
			}
		}
		fl.emit(&ir.Return{At: ir.At{P: p}, Value: val})
	}
	end := len(fl.f.Body) - 1
	for _, lb := range fl.labels {
		if lb.idx < 0 || lb.idx >= len(fl.f.Body) {
			lb.idx = end
		}
		for _, g := range lb.refs {
			g.Target = lb.idx
		}
	}
	if fl.f.Body == nil {
		fl.f.Body = []ir.Instr{}
	}
}

func endsFlow(in ir.Instr) bool {
	switch in := in.(type) {
	case *ir.Return:
		return true
	case *ir.Goto:
		return in.Cond == nil
	}
	return false
}

func zeroOf(t ir.Type) ir.Expr {
	if ft, ok := t.(*ir.FloatType); ok {
		return &ir.FloatConst{T: ft}
	}
	return &ir.Const{T: t}
}

// lowerBody lowers a function definition.
func (fl *fnLower) lowerBody(def *cc.FunctionDefinition) {
	f := fl.f
	fl.cur = f.Pos
	ft, _ := def.Declarator.Type().(*cc.FunctionType)
	params := collectParams(def)
	for i, p := range ft.Parameters() {
		if p.Type().Kind() == cc.Void {
			continue
		}
		t, err := fl.l.types.conv(p.Type().Decay())
		name := p.Name()
		if name == "" {
			name = fmt.Sprintf("$p%d", i)
		}
		if err != nil {
			fl.l.unsupported(fl.l.pos(p.Position()), fmt.Sprintf("parameter %s of %s: %v", name, f.Name, err))
			t = fl.std().Int
			fl.emit(&ir.Unsupported{At: fl.at(), Construct: fmt.Sprintf("parameter %s: %v", name, err)})
		}
		v := fl.newVar(name, t, ir.Param, fl.l.pos(p.Position()))
		f.Params = append(f.Params, v)
		if d := params[name]; d != nil {
			fl.vars[d] = v
			v.AddrTaken = d.AddressTaken()
		}
	}
	// The sizes in variably modified parameter types (int a[n][m]) are
	// evaluated on entry, in order.
	for _, p := range ft.Parameters() {
		if isVM(p.Type()) {
			fl.guard(p, func() { fl.evalVLA(p, p.Type()) })
		}
	}
	fl.scanLabels(def.CompoundStatement)
	fl.compound(def.CompoundStatement, false)
	fl.finish()
	annotateAllocs(f)
}

// annotateAllocs records, on each malloc-like call, the type of what the
// program stores in the block: the pointee of the pointer its result is
// converted to right after (p = (T *)malloc(n)), or of the variable it is
// stored in. Engines use it to lay out the block; it changes no meaning.
func annotateAllocs(f *ir.Function) {
	for i, in := range f.Body {
		c, ok := in.(*ir.Call)
		if !ok || c.Result == nil || (c.Builtin != ir.BMalloc && c.Builtin != ir.BCalloc && c.Builtin != ir.BAlloca) {
			continue
		}
		if pt, ok := c.Result.Type().(*ir.PointerType); ok && (ir.IsScalar(pt.Elem) || isAggregate(pt.Elem)) {
			c.AllocType = pt.Elem
			continue
		}
		res, ok := c.Result.(*ir.VarRef)
		if !ok {
			continue
		}
		for j := i + 1; j < len(f.Body) && j <= i+3; j++ {
			a, ok := f.Body[j].(*ir.Assign)
			if !ok {
				continue
			}
			if cast, ok := a.Rhs.(*ir.Cast); ok {
				if v, ok := cast.X.(*ir.VarRef); ok && v.V == res.V {
					if pt, ok := cast.T.(*ir.PointerType); ok && (ir.IsScalar(pt.Elem) || isAggregate(pt.Elem)) {
						c.AllocType = pt.Elem
					}
					break
				}
			}
		}
	}
}

func isAggregate(t ir.Type) bool {
	switch t.(type) {
	case *ir.StructType, *ir.ArrayType:
		return true
	}
	return false
}

// paramDecls returns each named parameter's declaration as source text.
func paramDecls(def *cc.FunctionDefinition) map[string]string {
	m := map[string]string{}
	eachParam(def, func(d *cc.Declarator, specs *cc.DeclarationSpecifiers) {
		m[d.Name()] = strings.Join(strings.Fields(cc.NodeSource(specs, d)), " ")
	})
	return m
}

// resultDecl is def's return type as written, with only the words that
// make the type (FuncDef.Result).
func resultDecl(def *cc.FunctionDefinition) string {
	var words []string
	for _, w := range strings.Fields(cc.NodeSource(def.DeclarationSpecifiers)) {
		switch w {
		case "static", "extern", "inline", "__inline", "__inline__", "const", "volatile", "register", "_Noreturn":
			continue
		}
		words = append(words, w)
	}
	if p := def.Declarator.Pointer; p != nil {
		words = append(words, strings.Repeat("*", strings.Count(cc.NodeSource(p), "*")))
	}
	return strings.Join(words, " ")
}

// collectParams maps parameter names to their declarators, which is how
// identifiers in the body resolve.
func collectParams(def *cc.FunctionDefinition) map[string]*cc.Declarator {
	m := map[string]*cc.Declarator{}
	eachParam(def, func(d *cc.Declarator, _ *cc.DeclarationSpecifiers) { m[d.Name()] = d })
	return m
}

// eachParam calls fn on every named parameter's declarator and
// declaration specifiers, prototype or K&R style.
func eachParam(def *cc.FunctionDefinition, fn func(*cc.Declarator, *cc.DeclarationSpecifiers)) {
	// The function's own parameter list is the one applied to its name,
	// the innermost: in double (*pick(int i))(double) it is (int i), the
	// outer (double) belongs to the returned function pointer's type.
	var own func(dd *cc.DirectDeclarator) *cc.DirectDeclarator
	own = func(dd *cc.DirectDeclarator) *cc.DirectDeclarator {
		if dd == nil {
			return nil
		}
		var inner *cc.DirectDeclarator
		if dd.Case == cc.DirectDeclaratorDecl {
			if dd.Declarator != nil {
				inner = own(dd.Declarator.DirectDeclarator)
			}
		} else {
			inner = own(dd.DirectDeclarator)
		}
		if inner != nil {
			return inner
		}
		if dd.Case == cc.DirectDeclaratorFuncParam {
			return dd
		}
		return nil
	}
	if dd := own(def.Declarator.DirectDeclarator); dd != nil && dd.ParameterTypeList != nil {
		for pl := dd.ParameterTypeList.ParameterList; pl != nil; pl = pl.ParameterList {
			if pd := pl.ParameterDeclaration; pd != nil && pd.Declarator != nil {
				fn(pd.Declarator, pd.DeclarationSpecifiers)
			}
		}
	}
	// K&R definitions declare their parameters in a declaration list.
	for dl := def.DeclarationList; dl != nil; dl = dl.DeclarationList {
		for idl := dl.Declaration.InitDeclaratorList; idl != nil; idl = idl.InitDeclaratorList {
			if d := idl.InitDeclarator.Declarator; d != nil {
				fn(d, dl.Declaration.DeclarationSpecifiers)
			}
		}
	}
}
