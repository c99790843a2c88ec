package symex

import (
	"fmt"
	"strings"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
)

// builtin executes the operations the front end recognised in calls.
func (x *executor) builtin(st *state, fr *frame, in *ir.Call) *state {
	arg := func(i int) *smt.Term { return x.eval(st, fr, in.Args[i]) }
	setResult := func(v *smt.Term, t ir.Type) {
		if in.Result == nil {
			return
		}
		x.store(st, fr, in.Result, x.cast(v, t, in.Result.Type()))
	}
	switch in.Builtin {
	case ir.BMalloc, ir.BCalloc, ir.BAlloca:
		size := arg(0)
		st0 := in.Args[0].Type()
		if in.Builtin == ir.BCalloc {
			size = x.b.BVMul(size, arg(1))
		}
		sizeOff := x.toOffset(size, st0)
		cell := 1
		if in.AllocType != nil {
			cell = cellFor(in.AllocType)
		}
		id := x.newObject(fmt.Sprintf("%s@%d", in.Builtin, in.Pos().Line), sizeOff, in.Builtin != ir.BAlloca, cell)
		x.setGone(st, id, x.b.False())
		if in.Builtin == ir.BAlloca {
			if x.allocas == nil {
				x.allocas = map[int][]int{}
			}
			x.allocas[fr.id] = append(x.allocas[fr.id], id)
		}
		if in.Builtin == ir.BCalloc {
			st.mem[id] = x.zeroArray(id)
		} else {
			// Fresh blocks hold whatever was there before: any bytes. The
			// interpreter asks for them as an input too.
			n := int64(-1)
			if c, ok := sizeOff.BVConst(); ok {
				n = int64(c.Uint64())
			}
			st.mem[id] = x.markGarbage(x.freshObject(id, &ir.ArrayType{Elem: x.std.UChar, Len: max(n, 0)}, n, "contents of "+in.Builtin.String(), in.Pos(), st.guard))
		}
		setResult(x.objPtr(id, x.b.BVUint(x.offW, 0)), x.std.VoidPtr)
	case ir.BFree:
		// Freed memory keeps its bytes; its lifetime ends, which the
		// pointer check (ir.Valid) sees.
		x.free(st, arg(0))
	case ir.BMemset:
		p, c := arg(0), arg(1)
		nt := arg(2)
		n, ok := nt.BVConst()
		if !ok {
			x.symbolicCopy(st, p, nil, x.b.Extract(7, 0, c), nt, in.Pos(), "memset")
			setResult(p, x.std.VoidPtr)
			return st
		}
		b := x.b.Extract(7, 0, c)
		x.memset(st, p, b, int64(n.Uint64()), in.Pos())
		setResult(p, x.std.VoidPtr)
	case ir.BMemcpy, ir.BMemmove:
		d, s, nt := arg(0), arg(1), arg(2)
		n, ok := nt.BVConst()
		if !ok {
			x.symbolicCopy(st, d, s, nil, nt, in.Pos(), in.Builtin.String())
			setResult(d, x.std.VoidPtr)
			return st
		}
		x.copyBytes(st, d, x.snapshotPtr(st, s, int64(n.Uint64())), in.Pos())
		setResult(d, x.std.VoidPtr)
	case ir.BHavoc:
		x.havoc(st, arg(0), fr.f.Name, in.Pos(), fr.id == x.entryFrame)
	case ir.BSizeAfter:
		setResult(x.sizeAfter(arg(0)), x.std.SizeT)
	case ir.BVaStart:
		// One 8-byte slot per extra argument, as the interpreter lays
		// them out; the block lives as long as the activation.
		for _, a := range fr.va {
			if a.t == nil || a.typ.Size() > 8 {
				x.unsupported(st, in.Pos(), fmt.Sprintf("va_start with an argument of type %s passed through ...", a.typ))
				return st
			}
		}
		id := x.newObject(fmt.Sprintf("va_start@%d", in.Pos().Line), x.b.BVUint(x.offW, uint64(8*len(fr.va))), false, 1)
		x.setGone(st, id, x.b.False())
		st.mem[id] = x.zeroArray(id)
		if x.allocas == nil {
			x.allocas = map[int][]int{}
		}
		x.allocas[fr.id] = append(x.allocas[fr.id], id)
		p := x.objPtr(id, x.b.BVUint(x.offW, 0))
		for i, a := range fr.va {
			x.storePtr(st, x.ptrAdd(p, x.b.BVUint(x.offW, uint64(8*i))), a.t, a.typ)
		}
		setResult(p, x.std.VoidPtr)
	case ir.BSetup:
		// The harness calls it outside any branch or loop, so the walk
		// meets the start and the end once each, in order.
		c, ok := arg(0).BVConst()
		x.setup = !ok || !c.IsZero()
	case ir.BAbort, ir.BExit:
		for i := range in.Args {
			arg(i)
		}
		st.guard = x.b.False()
	case ir.BPrintf, ir.BPutchar, ir.BPuts:
		// Output has no effect on the properties; the result (a count) is
		// not modelled. printf's %n writes memory, so a format that may
		// hold one (not a literal, or a literal with %n) is unsupported.
		if in.Builtin == ir.BPrintf {
			if f, ok := literalFormat(in.Args[0]); !ok || strings.Contains(strings.ReplaceAll(f, "%%", ""), "%n") {
				x.unsupported(st, in.Pos(), "printf with a format that is not a literal without %n")
				return st
			}
		}
		setResult(x.internalFresh(smt.BVSort(32)), x.std.Int)
	default:
		x.fatal("%s: builtin %s", in.Pos(), in.Builtin)
	}
	return st
}

// sizeAfter is the number of bytes from p to the end of its object, 0
// when p names none or points past its end (as the interpreter says).
func (x *executor) sizeAfter(p *smt.Term) *smt.Term {
	w := x.std.SizeT.Bits
	zero := x.b.BVUint(w, 0)
	v := zero
	off := x.ptrOff(p)
	for _, id := range x.candidates(p) {
		size := x.objs[id].size
		left := x.b.Ite(x.b.BVUle(off, size), x.b.BVSub(size, off), x.b.BVUint(x.offW, 0))
		v = x.b.Ite(x.isObj(p, id), x.resize(left, x.offW, w, false), v)
	}
	return v
}

// havoc gives the object p points into fresh contents: one input per
// object p may point to, guarded by p pointing there, as the interpreter
// asks for exactly one (or none, for NULL) in walk order.
//
// In the entry function (a harness giving an object any contents) the
// bytes, read as a pointer, name no object (executor.garbage); in a
// stub, which stands for code that may store real addresses, they may
// name any.
func (x *executor) havoc(st *state, p *smt.Term, fn string, pos ir.Pos, input bool) {
	for _, id := range x.candidates(p) {
		if x.readOnly(id) {
			continue
		}
		o := x.objs[id]
		n := int64(-1)
		if c, ok := o.size.BVConst(); ok {
			n = int64(c.Uint64())
		}
		at := x.isObj(p, id)
		fresh := x.freshObject(id, &ir.ArrayType{Elem: x.std.UChar, Len: max(n, 0)}, n, "memory changed by "+ir.CName(fn)+"()", pos, x.b.And(st.guard, at))
		if input {
			x.markGarbage(fresh)
		}
		st.mem[id] = x.b.Ite(at, fresh, x.memOf(st.mem, id))
	}
}

func (x *executor) memset(st *state, p, b *smt.Term, n int64, pos ir.Pos) {
	if n <= 0 {
		return
	}
	cands := x.candidates(p)
	if len(cands) == 1 && x.exactly(p, cands[0]) {
		o := x.objs[cands[0]]
		off, okOff := x.ptrOff(p).BVConst()
		size, okSize := o.size.BVConst()
		if okOff && okSize && off.IsZero() && size.Uint64() == uint64(n) {
			st.mem[o.id] = x.b.ConstArray(x.cellSort(o.cell), x.repeatByte(b, o.cell))
			return
		}
	}
	if n > x.opts.MaxCopyBytes {
		x.unsupported(st, pos, fmt.Sprintf("memset of %d bytes", n))
		return
	}
	chunk := int64(8)
	for chunk > 1 && (n%chunk != 0 || !aligned(x.ptrOff(p), chunk)) {
		chunk /= 2
	}
	v := x.repeatByte(b, int(chunk))
	for i := int64(0); i < n; i += chunk {
		x.storeRaw(st, x.ptrAdd(p, x.b.BVUint(x.offW, uint64(i))), v, chunk)
	}
}

// repeatByte is byte b repeated n times.
func (x *executor) repeatByte(b *smt.Term, n int) *smt.Term {
	v := b
	for i := 1; i < n; i++ {
		v = x.b.Concat(b, v)
	}
	return v
}

// literalFormat returns the string literal a printf format points at.
func literalFormat(e ir.Expr) (string, bool) {
	if c, ok := e.(*ir.Cast); ok {
		e = c.X
	}
	a, ok := e.(*ir.AddrOf)
	if !ok {
		return "", false
	}
	idx, ok := a.X.(*ir.Index)
	if !ok {
		return "", false
	}
	v, ok := idx.X.(*ir.VarRef)
	if !ok || !v.V.ReadOnly {
		return "", false
	}
	if c, ok := idx.I.(*ir.Const); !ok || c.Bits != 0 {
		return "", false
	}
	return string(v.V.Data), true
}

// DefaultMaxCopyBytes is Options.MaxCopyBytes when it is 0.
const DefaultMaxCopyBytes = 1 << 16

// MayRefuse reports whether symbolic execution (with the default
// MaxCopyBytes) may find instruction in unsupported where it is reached:
// memset, memcpy and memmove of a size that is not a constant or larger
// than the copies it unrolls (symbolicCopy, copyBytes), printf with a
// format that may hold %n, va_start (whether an argument passed through
// ... fits is known per call), and aggregate copies larger than
// DefaultMaxCopyBytes. Provers that do not execute memory (the interval
// proof) must not call a program that reaches one safe: symbolic
// execution reports such an execution unknown, never safe.
func MayRefuse(in ir.Instr) bool {
	switch in := in.(type) {
	case *ir.Call:
		switch in.Builtin {
		case ir.BMemset, ir.BMemcpy, ir.BMemmove:
			if len(in.Args) != 3 {
				return true
			}
			c, ok := in.Args[2].(*ir.Const)
			return !ok || c.Bits > DefaultMaxCopyBytes
		case ir.BPrintf:
			if len(in.Args) == 0 {
				return true
			}
			f, ok := literalFormat(in.Args[0])
			return !ok || strings.Contains(strings.ReplaceAll(f, "%%", ""), "%n")
		case ir.BVaStart:
			return true
		}
	case *ir.Assign:
		switch t := in.Lhs.Type().(type) {
		case *ir.StructType, *ir.ArrayType:
			return t.Size() > DefaultMaxCopyBytes
		}
	}
	return false
}

// maxSymbolicCopy bounds the bytes a copy of a symbolic size is unrolled
// to.
const maxSymbolicCopy = 256

// maxSymbolicCopyUnsized bounds it when no object either side may point
// into has a constant size: every unrolled byte is a store the later
// reads of the object go through, so it is kept small.
const maxSymbolicCopyUnsized = 64

// symbolicCopy is memcpy/memmove (src set) or memset (src nil, byte b) of
// n bytes, n not a constant: byte i of dst is written when i < n, for i
// below the most bytes an in-bounds copy can move (the largest object a
// side with constant sizes may point into, at most maxSymbolicCopy;
// maxSymbolicCopyUnsized when neither side has constant sizes). A
// copy that may leave its objects, or move more than that, is unsupported
// where it is reached (unknown), so the unrolling misses no execution:
// the paths left are those where every byte written is one of the first
// bound, inside dst and src.
func (x *executor) symbolicCopy(st *state, dst, src, b, n *smt.Term, pos ir.Pos, what string) {
	nw := n.Sort().Width()
	w := max(nw, x.offW) + 1
	ext := func(t *smt.Term) *smt.Term { return x.b.ZeroExt(w-t.Sort().Width(), t) }
	bound := int64(-1)
	inside := func(p *smt.Term) *smt.Term {
		var ok []*smt.Term
		most, constant := int64(0), true
		for _, id := range x.candidates(p) {
			o := x.objs[id]
			if sz, c := o.size.BVConst(); c {
				most = max(most, int64(sz.Uint64()))
			} else {
				constant = false
			}
			end := x.b.BVAdd(ext(x.ptrOff(p)), ext(n))
			ok = append(ok, x.b.And(x.isObj(p, id), x.b.BVUle(end, ext(o.size))))
		}
		if constant && (bound < 0 || most < bound) {
			bound = most
		}
		return x.b.Or(ok...)
	}
	valid := inside(dst)
	var snap *aggVal
	if src != nil {
		valid = x.b.And(valid, inside(src))
	}
	if bound < 0 {
		// Every object either side may point into has a symbolic size
		// (blocks malloc'd with a computed length): unroll a fixed
		// number of bytes; a longer copy is unsupported where reached.
		bound = maxSymbolicCopyUnsized
	}
	bound = min(bound, maxSymbolicCopy)
	valid = x.b.And(valid, x.b.BVUle(n, x.b.BVUint(nw, uint64(bound))))
	bad := x.b.And(st.guard, x.b.Not(x.b.Eq(n, x.b.BVUint(nw, 0))), x.b.Not(valid))
	x.check(x.synthProp(ir.PropUnsupported, "", pos, fmt.Sprintf("%s of a symbolic size that may leave its objects or exceed %d bytes", what, bound)), bad)
	st.guard = x.b.And(st.guard, x.b.Not(bad))
	if src != nil {
		snap = x.snapshotPtr(st, src, bound)
	}
	for i := int64(0); i < bound; i++ {
		at := x.ptrAdd(dst, x.b.BVUint(x.offW, uint64(i)))
		v := b
		if src != nil {
			v = x.loadRawFrom(snap.mem, x.ptrAdd(src, x.b.BVUint(x.offW, uint64(i))), 1)
		}
		old := x.loadRaw(st, at, 1)
		x.storeRaw(st, at, x.b.Ite(x.b.BVUlt(x.b.BVUint(nw, uint64(i)), n), v, old), 1)
	}
}
