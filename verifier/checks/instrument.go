package checks

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/prbmc/prbmc/verifier/ir"
)

// Instrument adds the checks of set to p and returns p. It rewrites p in
// place — the functions' bodies, locals and loops, and p.Props — so call it
// on a freshly loaded program before any engine or interpreter sees it; a
// program is instrumented once. Without Assertions in set, the program's own
// assertion and reach-error Asserts become Assumes; without Bounds, the
// bounds properties the front end states itself (indices into
// variable-length arrays) are dropped. After an error p must
// not be used; the errors are a nil program, unknown bits in set, and
// (an internal error) a result that ir.CheckProgram rejects.
func Instrument(p *ir.Program, set Set) (*ir.Program, error) {
	if p == nil {
		return nil, fmt.Errorf("checks: no program")
	}
	if set&^All != 0 {
		return nil, fmt.Errorf("checks: unknown check bits %#x", uint8(set&^All))
	}
	if set == Assertions && !hasBoundsAsserts(p) {
		return p, nil // the program as lowered
	}
	// A malformed result would make an engine fail obscurely: check it,
	// unless the input already was malformed (the front end's business).
	wellFormed := ir.CheckProgram(p) == nil
	in := &instrumenter{p: p, set: set, std: ir.StdTypes(p.DataModel), ids: map[string]bool{}, seq: map[string]int{}}
	for _, pr := range p.Props {
		in.ids[pr.ID] = true
	}
	for _, f := range append([]*ir.Function(nil), p.Funcs...) {
		if f.Body == nil || f.Library {
			continue
		}
		if set.Has(Pointer) {
			in.modelCopies(f)
		}
		in.function(f)
	}
	if len(in.dropped) > 0 {
		props := p.Props[:0]
		for _, pr := range p.Props {
			if !in.dropped[pr] {
				props = append(props, pr)
			}
		}
		p.Props = props
	}
	if wellFormed {
		if err := ir.CheckProgram(p); err != nil {
			return nil, fmt.Errorf("checks: internal error, the instrumented program is malformed: %w", err)
		}
	}
	return p, nil
}

type instrumenter struct {
	p   *ir.Program
	set Set
	std *ir.Std
	ids map[string]bool
	seq map[string]int
	tmp int
	// dropped are the front end's bounds properties left unchecked.
	dropped map[*ir.Property]bool

	// site, when set, is the call of a library model whose copy is
	// being instrumented (modelCopies): its checks belong to the caller.
	site *modelSite
	// copies counts the model copies made, for their names.
	copies int

	// Per function.
	f     *ir.Function
	out   []ir.Instr
	pos   ir.Pos
	temps map[*ir.Var]string // what a front-end temporary holds, for texts
}

func (in *instrumenter) text(e ir.Expr) string { return textWith(e, in.temps) }

// check is one pending assertion: Cond must hold for the operation to be
// defined.
type check struct {
	cond ir.Expr
	kind ir.PropKind
	text string
}

func (in *instrumenter) function(f *ir.Function) {
	in.f = f
	in.temps = tempTexts(f)
	in.out = make([]ir.Instr, 0, len(f.Body))
	start := make([]int, len(f.Body))
	for i, instr := range f.Body {
		start[i] = len(in.out)
		in.pos = instr.Pos()
		in.instr(instr)
	}
	for _, instr := range in.out {
		if g, ok := instr.(*ir.Goto); ok {
			g.Target = start[g.Target]
		}
	}
	f.Body = in.out
	ir.ComputeLoops(f)
	in.f, in.out = nil, nil
}

func (in *instrumenter) emit(cs []check) {
	seen := map[string]bool{}
	for _, c := range cs {
		// table[i].a + table[i].b checks i once.
		key := c.kind.String() + "\x00" + c.text + "\x00" + ir.ExprString(c.cond)
		if seen[key] {
			continue
		}
		seen[key] = true
		in.out = append(in.out, &ir.Assert{At: ir.At{P: in.pos}, Cond: c.cond, Prop: in.prop(c.kind, c.text)})
	}
}

// prop registers a property with an ID unique in the program, numbered
// like the front end's ("main.overflow.1").
func (in *instrumenter) prop(kind ir.PropKind, text string) *ir.Property {
	fn, pos := in.f.Name, in.pos
	if in.site != nil {
		fn, pos = in.site.caller, in.site.pos
		what := "read by "
		if strings.Contains(text, "write") {
			what = "write by "
		}
		text = "NULL, dangling or out-of-bounds " + what + in.site.call
		// One property per kind of access at a call: the model's reads
		// of s and of what it just wrote are one "read by strcpy(d, s)".
		if pr := in.site.props[text]; pr != nil {
			return pr
		}
	}
	key := fn + "." + kind.String()
	var id string
	for {
		in.seq[key]++
		id = fmt.Sprintf("%s.%d", key, in.seq[key])
		if !in.ids[id] {
			break
		}
	}
	in.ids[id] = true
	pr := &ir.Property{ID: id, Kind: kind, Text: text, Pos: pos, Func: fn}
	in.p.Props = append(in.p.Props, pr)
	if in.site != nil {
		in.site.props[text] = pr
	}
	return pr
}

func (in *instrumenter) instr(instr ir.Instr) {
	switch x := instr.(type) {
	case *ir.Assign:
		var cs []check
		cs = in.lvalue(cs, x.Lhs)
		if _, ok := x.Rhs.(*ir.Nondet); !ok {
			cs = in.value(cs, x.Rhs, nil)
		}
		in.emit(cs)
	case *ir.Assume:
		in.emit(in.value(nil, x.Cond, nil))
	case *ir.Assert:
		if x.Prop != nil && x.Prop.Kind == ir.PropBounds && !in.set.Has(Bounds) {
			if in.dropped == nil {
				in.dropped = map[*ir.Property]bool{}
			}
			in.dropped[x.Prop] = true
			in.out = append(in.out, &ir.Skip{At: x.At})
			return
		}
		in.emit(in.value(nil, x.Cond, nil))
		if !in.set.Has(Assertions) && (x.Prop.Kind == ir.PropAssertion || x.Prop.Kind == ir.PropReachError || x.Prop.Kind == ir.PropPrecondition) {
			in.out = append(in.out, &ir.Assume{At: x.At, Cond: x.Cond})
			return
		}
	case *ir.Goto:
		if x.Cond != nil {
			in.emit(in.value(nil, x.Cond, nil))
		}
	case *ir.Return:
		if x.Value != nil {
			in.emit(in.value(nil, x.Value, nil))
		}
	case *ir.Call:
		var cs []check
		for _, a := range x.Args {
			cs = in.value(cs, a, nil)
		}
		if in.set.Has(Pointer) {
			cs = in.memBuiltin(cs, x)
		}
		in.emit(cs)
		if x.Result != nil {
			// The Result lvalue is evaluated after the callee returns, so
			// its checks must come after the call: store the result in a
			// temporary, check, then copy.
			if rc := in.lvalue(nil, x.Result); len(rc) > 0 {
				t := in.temp(x.Result.Type())
				lhs := x.Result
				x.Result = &ir.VarRef{V: t}
				in.out = append(in.out, x)
				in.emit(rc)
				in.out = append(in.out, &ir.Assign{At: x.At, Lhs: lhs, Rhs: &ir.VarRef{V: t}})
				return
			}
		}
	}
	in.out = append(in.out, instr)
}

func (in *instrumenter) temp(t ir.Type) *ir.Var {
	in.tmp++
	v := &ir.Var{Name: fmt.Sprintf("$ck%d", in.tmp), Source: "$ck", Type: t, Kind: ir.Temp, Pos: in.pos, Func: in.f, ID: len(in.f.Locals)}
	in.f.Locals = append(in.f.Locals, v)
	return v
}

// ---------------------------------------------------------------------------
// Walking expressions

// add appends the check cond, made conditional on guard (nil: always
// evaluated).
func (in *instrumenter) add(cs []check, guard, cond ir.Expr, kind ir.PropKind, text string) []check {
	if guard != nil {
		cond = in.lor(in.not(guard), cond)
	}
	return append(cs, check{cond: cond, kind: kind, text: text})
}

// lvalue collects the checks of evaluating lvalue e to designate an object
// that is then written.
func (in *instrumenter) lvalue(cs []check, e ir.Expr) []check {
	return in.place(cs, e, nil, false, true)
}

// place collects the checks for lvalue e under guard; addr says that e is
// the operand of & — its object is not accessed, and an index may equal the
// array's length; write that the object is stored to.
func (in *instrumenter) place(cs []check, e ir.Expr, guard ir.Expr, addr, write bool) []check {
	switch x := e.(type) {
	case *ir.VarRef:
	case *ir.Deref:
		cs = in.value(cs, x.P, guard)
		if !addr && in.set.Has(Pointer) {
			cs = in.pointer(cs, x, guard, write)
		}
	case *ir.Field:
		cs = in.place(cs, x.X, guard, addr, write)
	case *ir.Index:
		// &a[i][0] is a[i] decayed: one past the last row is as legal an
		// address as one past the last element.
		inner := addr && isZero(x.I)
		cs = in.place(cs, x.X, guard, inner, write)
		cs = in.value(cs, x.I, guard)
		if in.set.Has(Bounds) {
			cs = in.bounds(cs, x, guard, addr)
		}
	default:
		cs = in.value(cs, e, guard)
	}
	return cs
}

// value collects the checks of evaluating e, in evaluation order (operands
// first), under guard.
func (in *instrumenter) value(cs []check, e ir.Expr, guard ir.Expr) []check {
	switch x := e.(type) {
	case nil, *ir.Const, *ir.FloatConst, *ir.VarRef, *ir.Nondet, *ir.FuncAddr:
	case *ir.Deref, *ir.Field, *ir.Index:
		cs = in.place(cs, e, guard, false, false)
	case *ir.AddrOf:
		cs = in.place(cs, x.X, guard, true, false)
	case *ir.Unary:
		cs = in.value(cs, x.X, guard)
		if x.Op == ir.Neg && in.set.Has(Overflow) {
			if t := signedInt(x.T); t != nil && !cannotOverflow(ir.Sub, &ir.Const{T: t}, x.X, t) {
				cs = in.add(cs, guard, in.ne(x.X, in.min(t)), ir.PropOverflow, "signed overflow in "+in.text(x))
			}
		}
	case *ir.Binary:
		switch x.Op {
		case ir.LAnd, ir.LOr:
			cs = in.value(cs, x.X, guard)
			cond := x.X
			if x.Op == ir.LOr {
				cond = in.not(x.X)
			}
			return in.value(cs, x.Y, in.and(guard, cond))
		}
		cs = in.value(cs, x.X, guard)
		cs = in.value(cs, x.Y, guard)
		cs = in.binary(cs, x, guard)
	case *ir.Cast:
		cs = in.value(cs, x.X, guard)
		if in.set.Has(Overflow) {
			cs = in.conversion(cs, x, guard)
		}
	case *ir.Cond:
		cs = in.value(cs, x.C, guard)
		cs = in.value(cs, x.X, in.and(guard, x.C))
		cs = in.value(cs, x.Y, in.and(guard, in.not(x.C)))
	}
	return cs
}

func (in *instrumenter) binary(cs []check, x *ir.Binary, guard ir.Expr) []check {
	it, ok := x.T.(*ir.IntType)
	if !ok || it.Bits > 64 {
		// Floating point follows IEEE 754 (x/0 is an infinity); pointer
		// arithmetic is checked where it is dereferenced; 128-bit integers
		// are not modelled.
		return cs
	}
	text := in.text(x)
	switch x.Op {
	case ir.Add, ir.Sub, ir.Mul:
		if it.Signed && in.set.Has(Overflow) && !cannotOverflow(x.Op, x.X, x.Y, it) {
			cs = in.add(cs, guard, in.noOverflow(x.Op, x.X, x.Y, it), ir.PropOverflow, "signed overflow in "+text)
		}
	case ir.Div, ir.Rem:
		if in.set.Has(DivByZero) && !isNonZeroConst(x.Y) {
			cs = in.add(cs, guard, in.ne(x.Y, in.c(it, 0)), ir.PropDivByZero, "division by zero in "+text)
		}
		if it.Signed && in.set.Has(Overflow) && !isConstNot(x.Y, it.Mask()) && !isConstNot(x.X, in.min(it).Bits) {
			// INT_MIN / -1 and INT_MIN % -1 (C11 6.5.5p6: a % b is
			// undefined when a / b is).
			ok := in.lor(in.ne(x.X, in.min(it)), in.ne(x.Y, in.c(it, it.Mask())))
			cs = in.add(cs, guard, ok, ir.PropOverflow, "signed overflow in "+text)
		}
	case ir.Shl, ir.Shr:
		if !in.set.Has(Overflow) {
			return cs
		}
		nt := x.Y.Type().(*ir.IntType)
		if nt.Bits <= 64 && !within(x.Y, 0, int64(it.Bits)-1) {
			n := in.widen(x.Y, nt)
			w := n.Type().(*ir.IntType)
			ok := in.cmp(ir.Lt, n, in.c(w, uint64(it.Bits)))
			if nt.Signed {
				ok = in.land(in.cmp(ir.Ge, n, in.c(w, 0)), ok)
			}
			cs = in.add(cs, guard, ok, ir.PropOverflow, fmt.Sprintf("shift count %s out of range in %s", in.text(x.Y), text))
		}
		if x.Op == ir.Shl && it.Signed && !(isConst(x.X) && isConst(x.Y)) {
			// C11 6.5.7p4: E1 must be nonnegative and E1 * 2^E2
			// representable: 0 <= x <= MAX >> n.
			max := in.c(it, it.Mask()>>1)
			ok := in.land(in.cmp(ir.Ge, x.X, in.c(it, 0)), in.cmp(ir.Le, x.X, &ir.Binary{Op: ir.Shr, X: max, Y: x.Y, T: it}))
			cs = in.add(cs, guard, ok, ir.PropOverflow, "signed overflow in "+text)
		}
	}
	return cs
}

// noOverflow is "x op y fits t" for signed t. Below 64 bits the operation
// is redone in long long, where it cannot overflow; at 64 bits the tests
// compare without computing anything that could wrap.
func (in *instrumenter) noOverflow(op ir.BinOp, x, y ir.Expr, t *ir.IntType) ir.Expr {
	if t.Bits < 64 {
		ll := in.std.LongLong
		r := &ir.Binary{Op: op, X: &ir.Cast{X: x, T: ll}, Y: &ir.Cast{X: y, T: ll}, T: ll}
		lo := in.c(ll, uint64(-(int64(1) << (t.Bits - 1))))
		hi := in.c(ll, uint64(int64(1)<<(t.Bits-1)-1))
		return in.land(in.cmp(ir.Ge, r, lo), in.cmp(ir.Le, r, hi))
	}
	zero, min, max := in.c(t, 0), in.min(t), in.c(t, t.Mask()>>1)
	sub := func(a, b ir.Expr) ir.Expr { return &ir.Binary{Op: ir.Sub, X: a, Y: b, T: t} }
	add := func(a, b ir.Expr) ir.Expr { return &ir.Binary{Op: ir.Add, X: a, Y: b, T: t} }
	div := func(a, b ir.Expr) ir.Expr { return &ir.Binary{Op: ir.Div, X: a, Y: b, T: t} }
	switch op {
	case ir.Add: // (y <= 0 || x <= MAX - y) && (y >= 0 || x >= MIN - y)
		return in.land(
			in.lor(in.cmp(ir.Le, y, zero), in.cmp(ir.Le, x, sub(max, y))),
			in.lor(in.cmp(ir.Ge, y, zero), in.cmp(ir.Ge, x, sub(min, y))))
	case ir.Sub: // (y >= 0 || x <= MAX + y) && (y <= 0 || x >= MIN + y)
		return in.land(
			in.lor(in.cmp(ir.Ge, y, zero), in.cmp(ir.Le, x, add(max, y))),
			in.lor(in.cmp(ir.Le, y, zero), in.cmp(ir.Ge, x, add(min, y))))
	}
	// Multiplication, by the signs (CERT INT32-C); no division below can
	// trap or overflow.
	xpos, ypos := in.cmp(ir.Gt, x, zero), in.cmp(ir.Gt, y, zero)
	return &ir.Cond{C: xpos, T: in.std.Int,
		X: &ir.Cond{C: ypos, T: in.std.Int,
			X: in.cmp(ir.Le, x, div(max, y)),
			Y: in.cmp(ir.Ge, y, div(min, x))},
		Y: &ir.Cond{C: ypos, T: in.std.Int,
			X: in.cmp(ir.Ge, x, div(min, y)),
			Y: in.lor(in.cmp(ir.Eq, x, zero), in.cmp(ir.Ge, y, div(max, x)))}}
}

// bounds checks a[i] against a's static length.
func (in *instrumenter) bounds(cs []check, x *ir.Index, guard ir.Expr, onePast bool) []check {
	at := x.X.Type().(*ir.ArrayType)
	if at.Len <= 0 {
		// Incomplete and zero-length (GNU) arrays: the object's size is
		// not in the type; the pointer check covers them.
		return cs
	}
	limit := at.Len - 1
	if onePast {
		limit = at.Len
	}
	if within(x.I, 0, limit) {
		return cs
	}
	it := x.I.Type().(*ir.IntType)
	if it.Bits > 64 {
		return cs // 128-bit integers are not modelled
	}
	i := in.widen(x.I, it)
	w := i.Type().(*ir.IntType)
	op := ir.Lt
	if onePast {
		op = ir.Le
	}
	ok := in.cmp(op, i, in.c(w, uint64(at.Len)))
	if it.Signed {
		ok = in.land(in.cmp(ir.Ge, i, in.c(w, 0)), ok)
	}
	text := fmt.Sprintf("index %s out of bounds of %s[%d]", in.text(x.I), in.text(x.X), at.Len)
	return in.add(cs, guard, ok, ir.PropBounds, text)
}

// ---------------------------------------------------------------------------
// Building expressions

func (in *instrumenter) c(t *ir.IntType, bits uint64) *ir.Const {
	return &ir.Const{T: t, Bits: bits & t.Mask()}
}

func (in *instrumenter) min(t *ir.IntType) *ir.Const {
	return in.c(t, uint64(1)<<(t.Bits-1))
}

func (in *instrumenter) cmp(op ir.BinOp, x, y ir.Expr) ir.Expr {
	return &ir.Binary{Op: op, X: x, Y: y, T: in.std.Int}
}

func (in *instrumenter) ne(x, y ir.Expr) ir.Expr { return in.cmp(ir.Ne, x, y) }

func (in *instrumenter) land(x, y ir.Expr) ir.Expr {
	return &ir.Binary{Op: ir.LAnd, X: x, Y: y, T: in.std.Int}
}

func (in *instrumenter) lor(x, y ir.Expr) ir.Expr {
	return &ir.Binary{Op: ir.LOr, X: x, Y: y, T: in.std.Int}
}

func (in *instrumenter) not(x ir.Expr) ir.Expr {
	return &ir.Unary{Op: ir.LNot, X: x, T: in.std.Int}
}

// and conjoins a guard (nil is true) with a scalar condition.
func (in *instrumenter) and(guard, c ir.Expr) ir.Expr {
	if guard == nil {
		return c
	}
	return in.land(guard, c)
}

// widen converts an index or shift count to the 64-bit type of its
// signedness, so that comparing it with a length or width cannot wrap.
func (in *instrumenter) widen(e ir.Expr, t *ir.IntType) ir.Expr {
	w := in.std.ULLong
	if t.Signed {
		w = in.std.LongLong
	}
	if t.Bits == 64 {
		return e
	}
	return &ir.Cast{X: e, T: w}
}

// ---------------------------------------------------------------------------
// Constants

func signedInt(t ir.Type) *ir.IntType {
	it, ok := t.(*ir.IntType)
	if !ok || !it.Signed || it.Bits > 64 {
		return nil
	}
	return it
}

func isConst(e ir.Expr) bool {
	_, ok := e.(*ir.Const)
	return ok
}

func isZero(e ir.Expr) bool {
	c, ok := e.(*ir.Const)
	return ok && c.Bits == 0
}

func isNonZeroConst(e ir.Expr) bool {
	c, ok := e.(*ir.Const)
	return ok && c.Bits != 0
}

// isConstNot reports whether e is a constant other than bits.
func isConstNot(e ir.Expr, bits uint64) bool {
	c, ok := e.(*ir.Const)
	return ok && c.Bits != bits
}

// pointer checks that the object *p may be accessed: p is not NULL,
// names a live object, and sizeof(*p) bytes from it lie inside the object.
// For p->f and p[i].f the whole struct must be there, which C demands of
// the lvalue *p (a block too small for the struct is undefined even where
// only its first member is touched). A write also needs a writable object:
// not a string literal or a const object.
func (in *instrumenter) pointer(cs []check, x *ir.Deref, guard ir.Expr, write bool) []check {
	switch x.T.(type) {
	case *ir.FuncType, ir.VoidType:
		return cs
	}
	n := x.T.Size()
	if n <= 0 {
		n = 1 // an incomplete array: at least its first byte
	}
	ok := &ir.Valid{P: x.P, N: n, Write: write, T: in.std.Int}
	if write {
		return in.add(cs, guard, ok, ir.PropPointer, "NULL, dangling, out-of-bounds or read-only write to "+in.text(x))
	}
	return in.add(cs, guard, ok, ir.PropPointer, "NULL, dangling or out-of-bounds dereference of "+in.text(x))
}

// conversion checks a floating-point to integer conversion: undefined when
// the value truncated toward zero does not fit (C11 6.3.1.4p1), NaN and
// the infinities included. Conversions between integer types are
// implementation-defined at worst, and not checked.
func (in *instrumenter) conversion(cs []check, x *ir.Cast, guard ir.Expr) []check {
	ft, ok := x.X.Type().(*ir.FloatType)
	it, ok2 := x.T.(*ir.IntType)
	if !ok || !ok2 || it.IsBool() || it.Bits > 64 {
		return cs
	}
	if c, ok := x.X.(*ir.FloatConst); ok {
		v := c.V
		if ft.IsLong() {
			// Rounding is monotonic and keeps -1, 255 and 256: a value
			// outside the range does not round into it.
			v = c.X.Float64()
		}
		if math.Trunc(v) >= -1 && math.Trunc(v) <= 255 {
			return cs // (int)1.5 and the like
		}
	}
	mant := ft.SBits()
	// fc makes the constant ±2^e + d, exact in the type where used.
	fc := func(neg bool, e int, d int64) ir.Expr {
		i := new(big.Int).Lsh(big.NewInt(1), uint(e))
		v := new(big.Float).SetInt(i.Add(i, big.NewInt(d))) // exact
		if neg {
			v.Neg(v)
		}
		if ft.IsLong() {
			return &ir.FloatConst{T: ft, X: ir.RoundFloat80(func(z *big.Float) { z.Set(v) })}
		}
		f, _ := v.Float64()
		return &ir.FloatConst{T: ft, V: f}
	}
	var lo ir.Expr
	hi := fc(false, it.Bits, 0) // x < 2^w (unsigned) or 2^(w-1) (signed)
	if it.Signed {
		hi = fc(false, it.Bits-1, 0)
		if it.Bits <= mant {
			lo = in.cmp(ir.Gt, x.X, fc(true, it.Bits-1, 1))
		} else {
			// -2^(w-1) - 1 is not representable, and nothing lies
			// between it and -2^(w-1).
			lo = in.cmp(ir.Ge, x.X, fc(true, it.Bits-1, 0))
		}
	} else {
		lo = in.cmp(ir.Gt, x.X, fc(true, 0, 0))
	}
	ok3 := in.land(lo, in.cmp(ir.Lt, x.X, hi))
	return in.add(cs, guard, ok3, ir.PropOverflow, "out-of-range conversion in "+in.text(x))
}

// memBuiltin checks that free gets NULL or a live heap block, and the
// blocks memset, memcpy and memmove access, when the size is a constant
// (the engines do not model other sizes). A size of 0 accesses nothing, as
// the interpreter has it.
func (in *instrumenter) memBuiltin(cs []check, x *ir.Call) []check {
	if x.Builtin == ir.BFree && len(x.Args) == 1 {
		text := "invalid or double free of " + in.text(stripVoidCast(x.Args[0]))
		return append(cs, check{cond: &ir.Freeable{P: x.Args[0], T: in.std.Int}, kind: ir.PropPointer, text: text})
	}
	if len(x.Args) != 3 {
		return cs
	}
	var roles []string
	switch x.Builtin {
	case ir.BMemset:
		roles = []string{"destination"}
	case ir.BMemcpy, ir.BMemmove:
		roles = []string{"destination", "source"}
	default:
		return cs
	}
	c, ok := x.Args[2].(*ir.Const)
	if !ok || c.Bits == 0 || c.Bits > 1<<40 {
		return cs
	}
	n := int64(c.Bits)
	for i, role := range roles {
		p := x.Args[i]
		text := fmt.Sprintf("NULL, dangling or out-of-bounds %s %s of %s (%d bytes)", x.Builtin, role, in.text(stripVoidCast(p)), n)
		cs = append(cs, check{cond: &ir.Valid{P: p, N: n, Write: role == "destination", T: in.std.Int}, kind: ir.PropPointer, text: text})
	}
	return cs
}

// hasBoundsAsserts reports whether the front end stated bounds properties
// in p's user functions.
func hasBoundsAsserts(p *ir.Program) bool {
	for _, f := range p.Funcs {
		if f.Body == nil || f.Library {
			continue
		}
		for _, instr := range f.Body {
			if a, ok := instr.(*ir.Assert); ok && a.Prop != nil && a.Prop.Kind == ir.PropBounds {
				return true
			}
		}
	}
	return false
}
