package symex

import (
	"fmt"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
)

func (x *executor) keyOf(fr *frame, v *ir.Var) varKey {
	if v.Kind == ir.Global {
		return varKey{v: v}
	}
	return varKey{v: v, frame: fr.id}
}

// objectOf returns the object holding in-memory variable v in frame fr,
// creating it on first use.
func (x *executor) objectOf(fr *frame, v *ir.Var) int {
	key := x.keyOf(fr, v)
	if id, ok := x.varObj[key]; ok {
		return id
	}
	id := x.newObject(v.Name, x.b.BVUint(x.offW, uint64(v.Type.Size())), false)
	x.varObj[key] = id
	return id
}

// declare starts v's lifetime: with decl (a Decl instruction) its value is
// a fresh input, as an uninitialised C object; parameters start at zero
// and are then assigned.
func (x *executor) declare(st *state, fr *frame, v *ir.Var, decl bool) {
	if x.inMem[v] {
		id := x.objectOf(fr, v)
		if decl {
			st.mem[id] = x.freshObject(v.Type, v.Type.Size(), "uninitialised "+v.Source, v.Pos, st.guard)
		} else {
			st.mem[id] = x.b.ConstArray(x.arraySort(), x.b.BVUint(8, 0))
		}
		return
	}
	if decl {
		st.regs[x.keyOf(fr, v)] = x.fresh(v.Type, "uninitialised "+v.Source, v.Pos, st.guard)
	}
}

func (x *executor) objPtr(id int, off *smt.Term) *smt.Term {
	return x.b.Concat(x.b.BVUint(x.objW, uint64(id)), off)
}

func (x *executor) addrOfVar(fr *frame, v *ir.Var) *smt.Term {
	return x.objPtr(x.objectOf(fr, v), x.b.BVUint(x.offW, 0))
}

func (x *executor) ptrObj(p *smt.Term) *smt.Term { return x.b.Extract(x.ptrW-1, x.offW, p) }
func (x *executor) ptrOff(p *smt.Term) *smt.Term { return x.b.Extract(x.offW-1, 0, p) }

// ptrAdd moves p by delta bytes (an offset-width term), keeping the object
// part syntactically intact so later dereferences see which object it is.
func (x *executor) ptrAdd(p, delta *smt.Term) *smt.Term {
	if p.Op() == smt.OpIte {
		return x.b.Ite(p.Arg(0), x.ptrAdd(p.Arg(1), delta), x.ptrAdd(p.Arg(2), delta))
	}
	return x.b.Concat(x.ptrObj(p), x.b.BVAdd(x.ptrOff(p), delta))
}

// toOffset converts an integer term of type t to offset width.
func (x *executor) toOffset(v *smt.Term, t ir.Type) *smt.Term {
	it, ok := t.(*ir.IntType)
	if !ok {
		x.fatal("offset of type %s", t)
	}
	return x.resize(v, it.Bits, x.offW, it.Signed)
}

// resize truncates or extends a bit-vector from width from to width to.
func (x *executor) resize(v *smt.Term, from, to int, signed bool) *smt.Term {
	switch {
	case from == to:
		return v
	case from > to:
		return x.b.Extract(to-1, 0, v)
	case signed:
		return x.b.SignExt(to-from, v)
	default:
		return x.b.ZeroExt(to-from, v)
	}
}

// candidates lists the objects pointer p may name, read off its term; all
// objects when the term does not say.
func (x *executor) candidates(p *smt.Term) []int {
	set := map[int]bool{}
	all := false
	var walk func(t *smt.Term, depth int)
	walk = func(t *smt.Term, depth int) {
		if all {
			return
		}
		if depth > 64 {
			all = true
			return
		}
		switch {
		case t.IsConst():
			bv, _ := t.BVConst()
			set[int(bv.Uint64()>>uint(x.offW))] = true
		case t.Op() == smt.OpConcat && t.Arg(0).IsConst() && t.Arg(0).Sort().Width() == x.objW:
			bv, _ := t.Arg(0).BVConst()
			set[int(bv.Uint64())] = true
		case t.Op() == smt.OpIte:
			walk(t.Arg(1), depth+1)
			walk(t.Arg(2), depth+1)
		default:
			all = true
		}
	}
	walk(p, 0)
	var out []int
	if all {
		for id := 1; id < len(x.objs); id++ {
			out = append(out, id)
		}
		return out
	}
	for id := 1; id < len(x.objs); id++ {
		if set[id] {
			out = append(out, id)
		}
	}
	return out
}

// isObj is the condition that p points into object id.
func (x *executor) isObj(p *smt.Term, id int) *smt.Term {
	return x.b.Eq(x.ptrObj(p), x.b.BVUint(x.objW, uint64(id)))
}

// memArray returns the current array of object id.
func (x *executor) memArray(st *state, id int) *smt.Term {
	if a, ok := st.mem[id]; ok {
		return a
	}
	// An object created on a path that did not reach here: any contents.
	a := x.b.ConstArray(x.arraySort(), x.b.BVUint(8, 0))
	st.mem[id] = a
	return a
}

// arrayAt is the byte array p points into, as one term (a case split over
// the candidates), with the offset.
func (x *executor) arrayAt(st *state, p *smt.Term) (*smt.Term, *smt.Term) {
	cands := x.candidates(p)
	off := x.ptrOff(p)
	if len(cands) == 0 {
		return x.internalFresh(x.arraySort()), off
	}
	arr := x.memArray(st, cands[len(cands)-1])
	for i := len(cands) - 2; i >= 0; i-- {
		arr = x.b.Ite(x.isObj(p, cands[i]), x.memArray(st, cands[i]), arr)
	}
	if len(cands) == 1 && !x.exactly(p, cands[0]) {
		// The pointer may also be NULL or dangling: reading there has no
		// defined value, and the interpreter faults, so any value is fine.
		arr = x.b.Ite(x.isObj(p, cands[0]), arr, x.internalFresh(x.arraySort()))
	}
	return arr, off
}

// exactly reports whether p's object part is syntactically id.
func (x *executor) exactly(p *smt.Term, id int) bool {
	c := x.candidates(p)
	if len(c) != 1 || c[0] != id {
		return false
	}
	o := x.ptrObj(p)
	bv, ok := o.BVConst()
	return ok && int(bv.Uint64()) == id
}

func (x *executor) loadBytes(arr, off *smt.Term, n int64) *smt.Term {
	var v *smt.Term
	for i := int64(0); i < n; i++ {
		b := x.b.Select(arr, x.b.BVAdd(off, x.b.BVUint(x.offW, uint64(i))))
		if v == nil {
			v = b
		} else {
			v = x.b.Concat(b, v)
		}
	}
	return v
}

func (x *executor) storeBytes(arr, off, bits *smt.Term, n int64) *smt.Term {
	for i := int64(0); i < n; i++ {
		arr = x.b.Store(arr, x.b.BVAdd(off, x.b.BVUint(x.offW, uint64(i))), x.b.Extract(int(8*i+7), int(8*i), bits))
	}
	return arr
}

// toBits turns a scalar value of type t into its memory representation.
func (x *executor) toBits(v *smt.Term, t ir.Type) *smt.Term {
	if _, ok := t.(*ir.FloatType); ok {
		return x.b.FPToBits(v)
	}
	return v
}

func (x *executor) fromBits(bits *smt.Term, t ir.Type) *smt.Term {
	if ft, ok := t.(*ir.FloatType); ok {
		return x.b.FPFromBits(fpSort(ft), bits)
	}
	return bits
}

// loadPtr reads a scalar of type t through pointer p.
func (x *executor) loadPtr(st *state, p *smt.Term, t ir.Type) *smt.Term {
	arr, off := x.arrayAt(st, p)
	v := x.fromBits(x.loadBytes(arr, off, t.Size()), t)
	if it, ok := t.(*ir.IntType); ok && it.IsBool() {
		// A _Bool object holds 0 or 1 in a well-defined program; the
		// interpreter reads whatever byte is there, and so do we.
		return v
	}
	return v
}

// storePtr writes scalar v of type t through pointer p.
func (x *executor) storePtr(st *state, p *smt.Term, v *smt.Term, t ir.Type) {
	bits := x.toBits(v, t)
	x.storeRaw(st, p, bits, t.Size())
}

func (x *executor) storeRaw(st *state, p, bits *smt.Term, n int64) {
	cands := x.candidates(p)
	off := x.ptrOff(p)
	for _, id := range cands {
		old := x.memArray(st, id)
		nw := x.storeBytes(old, off, bits, n)
		if x.exactly(p, id) {
			st.mem[id] = nw
		} else {
			st.mem[id] = x.b.Ite(x.isObj(p, id), nw, old)
		}
	}
}

// ---------------------------------------------------------------------------
// Lvalues

type loc struct {
	reg *varKey
	ptr *smt.Term
}

func (x *executor) lval(st *state, fr *frame, e ir.Expr) loc {
	switch e := e.(type) {
	case *ir.VarRef:
		if x.inMem[e.V] {
			return loc{ptr: x.addrOfVar(fr, e.V)}
		}
		k := x.keyOf(fr, e.V)
		return loc{reg: &k}
	case *ir.Deref:
		return loc{ptr: x.eval(st, fr, e.P)}
	case *ir.Field:
		base := x.lval(st, fr, e.X)
		if base.ptr == nil {
			x.fatal("field of a register variable")
		}
		f := e.X.Type().(*ir.StructType).Fields[e.Index]
		return loc{ptr: x.ptrAdd(base.ptr, x.b.BVUint(x.offW, uint64(f.Offset)))}
	case *ir.Index:
		base := x.lval(st, fr, e.X)
		if base.ptr == nil {
			x.fatal("index of a register variable")
		}
		size := e.Type().Size()
		i := x.toOffset(x.eval(st, fr, e.I), e.I.Type())
		return loc{ptr: x.ptrAdd(base.ptr, x.b.BVMul(i, x.b.BVUint(x.offW, uint64(size))))}
	}
	x.fatal("not an lvalue: %s", ir.ExprString(e))
	return loc{}
}

// addr is the address of an in-memory lvalue.
func (x *executor) addr(st *state, fr *frame, e ir.Expr) *smt.Term {
	l := x.lval(st, fr, e)
	if l.ptr == nil {
		x.fatal("address of register variable in %s", ir.ExprString(e))
	}
	return l.ptr
}

func (x *executor) load(st *state, fr *frame, e ir.Expr) *smt.Term {
	l := x.lval(st, fr, e)
	if l.reg != nil {
		if v, ok := st.regs[*l.reg]; ok {
			return v
		}
		// Read before any write on this path (a temporary set on another
		// branch): any value.
		return x.internalFresh(x.sortOf(e.Type()))
	}
	return x.loadPtr(st, l.ptr, e.Type())
}

func (x *executor) store(st *state, fr *frame, lhs ir.Expr, v *smt.Term) {
	l := x.lval(st, fr, lhs)
	if l.reg != nil {
		st.regs[*l.reg] = v
		return
	}
	x.storePtr(st, l.ptr, v, lhs.Type())
}

func (x *executor) storeVar(st *state, fr *frame, v *ir.Var, val *smt.Term) {
	x.store(st, fr, &ir.VarRef{V: v}, val)
}

// snapshot captures an aggregate lvalue's bytes.
func (x *executor) snapshot(st *state, fr *frame, e ir.Expr) *aggVal {
	p := x.addr(st, fr, e)
	arr, off := x.arrayAt(st, p)
	return &aggVal{arr: arr, off: off, size: e.Type().Size()}
}

func (x *executor) copyAggregate(st *state, fr *frame, lhs, rhs ir.Expr, pos ir.Pos) {
	src := x.snapshot(st, fr, rhs)
	x.copyBytes(st, x.addr(st, fr, lhs), src.arr, src.off, src.size, pos)
}

// copyBytes copies n bytes from (srcArr, srcOff) to dst. A copy of a whole
// object onto a whole object of the same size moves the array; other
// copies are unrolled byte by byte up to MaxCopyBytes.
func (x *executor) copyBytes(st *state, dst, srcArr, srcOff *smt.Term, n int64, pos ir.Pos) {
	if n <= 0 {
		return
	}
	cands := x.candidates(dst)
	if len(cands) == 1 && x.exactly(dst, cands[0]) {
		id := cands[0]
		doff, okd := x.ptrOff(dst).BVConst()
		soff, oks := srcOff.BVConst()
		size, okz := x.objs[id].size.BVConst()
		if okd && oks && okz && doff.IsZero() && soff.IsZero() && size.Uint64() == uint64(n) {
			st.mem[id] = srcArr
			return
		}
	}
	if n > x.opts.MaxCopyBytes {
		x.unsupported(st, pos, fmt.Sprintf("copy of %d bytes", n))
		return
	}
	for i := int64(0); i < n; i++ {
		b := x.b.Select(srcArr, x.b.BVAdd(srcOff, x.b.BVUint(x.offW, uint64(i))))
		x.storeRaw(st, x.ptrAdd(dst, x.b.BVUint(x.offW, uint64(i))), b, 1)
	}
}

func (x *executor) unsupported(st *state, pos ir.Pos, what string) {
	x.check(x.synthProp(ir.PropUnsupported, "", pos, what), st.guard)
	st.guard = x.b.False()
}

func (x *executor) sortOf(t ir.Type) *smt.Sort {
	switch t := t.(type) {
	case *ir.IntType:
		return smt.BVSort(t.Bits)
	case *ir.FloatType:
		return fpSort(t)
	case *ir.PointerType:
		return smt.BVSort(x.ptrW)
	}
	x.fatal("no scalar sort for %s", t)
	return nil
}
