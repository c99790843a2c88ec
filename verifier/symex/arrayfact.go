package symex

import (
	"fmt"
	"maps"
	"math/big"

	"github.com/prbmc/prbmc/verifier/ir"
	"github.com/prbmc/prbmc/verifier/smt"
)

// ArrayFact is a loop-head invariant over an array's contents:
//
//	∀j. Lo <= j < Hi → Base[j] == Val(j)
//
// over the integers, j an element index, Val(j) the constant Const or
// Src[j]. Base and Src are array variables of the entry, or pointer
// registers whose value names one object at offset 0; either way the
// object's cells must be its elements (so cell j is element j).
type ArrayFact struct {
	Base   *ir.Var
	Elem   *ir.IntType
	Lo, Hi Limit
	Const  *big.Int // when Src is nil
	Src    *ir.Var
}

// Limit is V (a register of the entry, read in its signedness) plus C,
// or the constant C when V is nil.
type Limit struct {
	V *ir.Var
	C int64
}

func (l Limit) String() string {
	switch {
	case l.V == nil:
		return fmt.Sprint(l.C)
	case l.C == 0:
		return l.V.Source
	}
	return fmt.Sprintf("%s%+d", l.V.Source, l.C)
}

func (f ArrayFact) String() string {
	val := fmt.Sprint(f.Const)
	if f.Src != nil {
		val = f.Src.Source + "[j]"
	}
	return fmt.Sprintf("forall j. %s <= j < %s -> %s[j] == %s", f.Lo, f.Hi, f.Base.Source, val)
}

// factWidth is wide enough to compare a cell index (at most 48 bits) and
// a 64-bit limit plus a small constant without wrapping.
const factWidth = 68

// memFact is a fact resolved at one arrival: the value of cell idx when
// cond(idx) holds.
type memFact struct {
	cond, val func(idx *smt.Term) *smt.Term
}

// headView reads registers and memory as they were at one arrival.
type headView struct {
	x    *executor
	fr   *frame
	regs map[varKey]*smt.Term
	mem  map[int]*smt.Term
}

// array is the array of the object base names and its id, or ok false
// when base does not name exactly one object whose cells are elem-sized
// elements from offset 0.
func (h headView) array(base *ir.Var, elem *ir.IntType) (arr *smt.Term, id int, ok bool) {
	x := h.x
	if base == nil || (base.Kind != ir.Global && base.Func != h.fr.f) {
		return nil, 0, false
	}
	key := x.keyOf(h.fr, base)
	if x.inMem[base] {
		at, isArr := base.Type.(*ir.ArrayType)
		if !isArr || at.Elem.Size() != elem.Size() {
			return nil, 0, false
		}
		if id, ok = x.varObj[key]; !ok {
			return nil, 0, false
		}
	} else {
		p, has := h.regs[key]
		if _, isPtr := base.Type.(*ir.PointerType); !has || !isPtr {
			return nil, 0, false
		}
		ids, precise := x.pointees(p)
		if len(ids) != 1 || !precise || !x.exactly(p, ids[0]) {
			return nil, 0, false
		}
		if off, c := x.ptrOff(p).BVConst(); !c || !off.IsZero() {
			return nil, 0, false
		}
		id = ids[0]
	}
	if int64(x.objs[id].cell) != elem.Size() {
		return nil, 0, false
	}
	arr, ok = h.mem[id]
	return arr, id, ok
}

// limit is l as a factWidth term, nil if its register has no value.
func (h headView) limit(l Limit) *smt.Term {
	b := h.x.b
	c := b.BVInt(factWidth, l.C)
	if l.V == nil {
		return c
	}
	it, ok := l.V.Type.(*ir.IntType)
	if !ok || h.x.inMem[l.V] || (l.V.Kind != ir.Global && l.V.Func != h.fr.f) {
		return nil
	}
	v := h.regs[h.x.keyOf(h.fr, l.V)]
	if v == nil || !v.Sort().IsBV() || v.Sort().Width() != it.Bits {
		return nil
	}
	if it.Signed {
		v = b.SignExt(factWidth-it.Bits, v)
	} else {
		v = b.ZeroExt(factWidth-it.Bits, v)
	}
	return b.BVAdd(v, c)
}

// resolve builds f's condition and value at this arrival; ok is false
// when a part of it has no value here.
func (h headView) resolve(f ArrayFact) (arr *smt.Term, mf memFact, srcArr *smt.Term, ok bool) {
	x, b := h.x, h.x.b
	arr, _, ok = h.array(f.Base, f.Elem)
	if !ok || f.Elem.Bits > 64 {
		return nil, memFact{}, nil, false
	}
	lo, hi := h.limit(f.Lo), h.limit(f.Hi)
	if lo == nil || hi == nil {
		return nil, memFact{}, nil, false
	}
	cond := func(idx *smt.Term) *smt.Term {
		j := b.ZeroExt(factWidth-idx.Sort().Width(), idx)
		return b.And(b.BVSle(lo, j), b.BVSlt(j, hi))
	}
	var val func(idx *smt.Term) *smt.Term
	if f.Src != nil {
		srcArr, _, ok = h.array(f.Src, f.Elem)
		if !ok {
			return nil, memFact{}, nil, false
		}
		val = func(idx *smt.Term) *smt.Term { return x.readCell(srcArr, idx) }
	} else {
		if f.Const == nil {
			return nil, memFact{}, nil, false
		}
		c := b.BVBig(f.Elem.Bits, toUnsigned(f.Const, f.Elem.Bits))
		val = func(*smt.Term) *smt.Term { return c }
	}
	return arr, memFact{cond: cond, val: val}, srcArr, true
}

// holds is f at this arrival for cell idx: cond(idx) → Base[idx] ==
// Val(idx), read with the facts assumed at the head; nil if f has no
// value here.
func (h headView) holds(f ArrayFact, idx *smt.Term) *smt.Term {
	arr, mf, _, ok := h.resolve(f)
	if !ok {
		return nil
	}
	b := h.x.b
	return b.Implies(mf.cond(idx), b.Eq(h.x.readCell(arr, idx), mf.val(idx)))
}

// assumeArrayFacts makes the facts hold at the first arrival: each is
// attached to its base's array if that is a fresh array of the havoc, so
// that every read of it (readCell) sees the fact's value where the fact
// says. That is the fact instantiated at every index the run reads, which
// is as strong as the quantified fact for anything the run can observe;
// reads made otherwise (a raw select) see the unconstrained array, which
// is weaker, never wrong. A fact whose base is not fresh (the loop does
// not write it) is left out, as is one whose source depends on its base.
func (x *executor) assumeArrayFacts(st *state, fr *frame) {
	h := headView{x: x, fr: fr, regs: st.regs, mem: st.mem}
	for _, f := range x.ind.in.Arrays {
		arr, mf, src, ok := h.resolve(f)
		if !ok || !x.ind.fresh[arr.ID()] {
			continue
		}
		if src != nil && x.factReaches(src, arr) {
			continue
		}
		if x.memFacts == nil {
			x.memFacts = map[uint64][]memFact{}
			x.factDeps = map[uint64][]*smt.Term{}
		}
		x.memFacts[arr.ID()] = append(x.memFacts[arr.ID()], mf)
		if src != nil {
			x.factDeps[arr.ID()] = append(x.factDeps[arr.ID()], src)
		}
	}
}

// factReaches reports whether reading from (through its facts' sources,
// down to the arrays they are built on) may read to.
func (x *executor) factReaches(from, to *smt.Term) bool {
	seen := map[uint64]bool{}
	var visit func(t *smt.Term) bool
	visit = func(t *smt.Term) bool {
		if t == to {
			return true
		}
		if seen[t.ID()] {
			return false
		}
		seen[t.ID()] = true
		for _, d := range x.factDeps[t.ID()] {
			if visit(d) {
				return true
			}
		}
		for i := 0; i < t.NumArgs(); i++ {
			if t.Arg(i).Sort().IsArray() && visit(t.Arg(i)) {
				return true
			}
		}
		return false
	}
	return visit(from)
}

// factSelect is a raw read of arr with the facts attached to it.
func (x *executor) factSelect(arr, idx *smt.Term) *smt.Term {
	v := x.b.Select(arr, idx)
	for _, f := range x.memFacts[arr.ID()] {
		v = x.b.Ite(f.cond(idx), f.val(idx), v)
	}
	return v
}

// snapshotView keeps what Fact needs of an arrival.
func (x *executor) snapshotView(st *state, fr *frame) *headView {
	return &headView{x: x, fr: fr, regs: maps.Clone(st.regs), mem: maps.Clone(st.mem)}
}

// Fact is f at this arrival for the cell index idx (of sort IndexSort):
// Lo <= idx < Hi → Base[idx] == Val(idx), reads seeing the facts assumed
// at the head; nil if f has no value here.
func (h HeadState) Fact(f ArrayFact, idx *smt.Term) (t *smt.Term) {
	if h.view == nil {
		return nil
	}
	// The reads check the run's limits, after Run and its recover: a
	// limit met here is no fact, not a crash.
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(abort); !ok {
				panic(r)
			}
			t = nil
		}
	}()
	return h.view.holds(f, idx)
}

// IndexSort is the sort of cell indices (for a Skolem index of Fact).
func (h HeadState) IndexSort() *smt.Sort {
	if h.view == nil {
		return nil
	}
	return smt.BVSort(h.view.x.offW)
}

// skipRegion is where a Skip run jumps from: the head of the entry's
// first top-level loop before l, or -1 if none; err says why the region
// from there to l's head cannot be skipped.
func skipRegion(f *ir.Function, l *ir.Loop) (int, error) {
	from := -1
	for _, m := range f.Loops {
		if m.Parent == nil && m.Head < l.Head && (from < 0 || m.Head < from) {
			from = m.Head
		}
	}
	if from < 0 {
		return -1, nil
	}
	for pc, in := range f.Body {
		inside := from <= pc && pc < l.Head
		switch in := in.(type) {
		case *ir.Goto:
			into := from < in.Target && in.Target < l.Head
			switch {
			case inside && (in.Target < from || in.Target > l.Head):
				return -1, fmt.Errorf("a jump at %s leaves the code before the loop", in.Pos())
			case !inside && into:
				return -1, fmt.Errorf("a jump at %s enters the code before the loop", in.Pos())
			}
		case *ir.Return:
			if inside {
				return -1, fmt.Errorf("a return at %s", in.Pos())
			}
		case *ir.Call:
			if inside && (in.Fn != nil || in.Builtin != ir.NotBuiltin) {
				return -1, fmt.Errorf("a call at %s", in.Pos())
			}
		case *ir.Assert, *ir.Unsupported:
			if inside {
				return -1, fmt.Errorf("a check at %s", in.Pos())
			}
		}
	}
	return from, nil
}

// skip jumps from the region's start to the loop head, havocking what the
// region writes: every execution arrives at the head in a state that
// agrees with the one at the region's start on everything else. The
// region neither calls, allocates, returns nor jumps out (skipRegion), so
// the state at the start and the havoc cover every arrival.
func (x *executor) skip(st *state, fr *frame) {
	ind := x.ind
	ws := writeSet{vars: map[*ir.Var]bool{}}
	for pc := ind.skipFrom; pc < ind.loop.Head; pc++ {
		in := fr.f.Body[pc]
		collectWrites(in, &ws, map[*ir.Function]bool{})
		if d, ok := in.(*ir.Dead); ok && x.inMem[d.V] {
			// A lifetime the region may end: any at the head.
			x.setGone(st, x.objectOf(fr, d.V), x.truth(x.internalFresh(smt.BVSort(8))))
		}
	}
	for _, v := range sortedKeys(ws.vars, func(a, b *ir.Var) int { return cmpVarKey(varKey{v: a}, varKey{v: b}) }) {
		if v.Kind != ir.Global && v.Func != fr.f {
			continue
		}
		key := x.keyOf(fr, v)
		if x.inMem[v] {
			// Declared between the loops: its object may not exist yet.
			id := x.objectOf(fr, v)
			x.havocObject(st, id)
			if _, ok := st.regs[x.goneKey(id)]; !ok {
				x.setGone(st, id, x.truth(x.internalFresh(smt.BVSort(8))))
			}
			continue
		}
		st.regs[key] = x.internalFresh(x.sortOf(v.Type))
	}
	if ws.indirect {
		for id := 1; id < len(x.objs); id++ {
			if !x.readOnly(id) {
				x.havocObject(st, id)
			}
		}
	}
}

// havocObject gives object id fresh contents and lifetime.
func (x *executor) havocObject(st *state, id int) {
	a := x.internalFresh(x.cellSort(x.objs[id].cell))
	st.mem[id] = a
	x.ind.fresh[a.ID()] = true
	if _, ok := st.regs[x.goneKey(id)]; ok {
		st.regs[x.goneKey(id)] = x.internalFresh(smt.BVSort(8))
	}
}
