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
	id := x.newObject(v.Name, x.b.BVUint(x.offW, uint64(v.Type.Size())), false, cellFor(v.Type))
	x.varObj[key] = id
	return id
}

// funcObject returns the object whose address is function f's, creating
// it on first use: it has no bytes (no access through it is valid), is
// never a heap block and lives for the whole execution, as the
// interpreter's function objects do.
func (x *executor) funcObject(f *ir.Function) int {
	if id, ok := x.funcObj[f]; ok {
		return id
	}
	id := x.newObject(f.Name+"()", x.b.BVUint(x.offW, 0), false, 1)
	x.funcObj[f] = id
	return id
}

// declare starts v's lifetime: with decl (a Decl instruction) its value is
// a fresh input, as an uninitialised C object; parameters start at zero
// and are then assigned.
func (x *executor) declare(st *state, fr *frame, v *ir.Var, decl bool) {
	if x.inMem[v] {
		id := x.objectOf(fr, v)
		x.setGone(st, id, x.b.False())
		if decl {
			st.mem[id] = x.markGarbage(x.freshObject(id, v.Type, v.Type.Size(), "uninitialised "+v.Source, v.Pos, st.guard))
		} else {
			st.mem[id] = x.zeroArray(id)
		}
		return
	}
	if decl {
		st.regs[x.keyOf(fr, v)] = x.markGarbage(x.fresh(v.Type, "uninitialised "+v.Source, v.Pos, st.guard))
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
// objects when the term does not say. The object part of p is followed
// through concatenations and extractions as well as if-then-else, so a
// pointer stored to memory byte by byte and read back (a pointer member of
// a struct with 1-byte cells, a union) still names its objects rather
// than all of them.
func (x *executor) candidates(p *smt.Term) []int {
	out, _ := x.pointees(p)
	return out
}

// pointees is candidates, and whether the term says: precise means p names
// one of them or no object at all (NULL, a number made a pointer, ...).
// Dereferencing p where it names no object is undefined behaviour the
// interpreter faults on, so a precise p may be read and written as if it
// named one of them: the value is then one that object holds instead of
// any, which no replayed trace can tell apart.
func (x *executor) pointees(p *smt.Term) (ids []int, precise bool) {
	if bv, ok := x.ptrObj(p).BVConst(); ok {
		// The common case, without a walk: one object, or none.
		if id := int(bv.Uint64()); id > 0 && id < len(x.objs) {
			return []int{id}, true
		}
		return nil, true
	}
	w := bitsWalker{memo: map[bitsKey]valueSet{}, garbage: x.garbage}
	vs := w.walk(p, x.ptrW-1, x.offW)
	for id := 1; id < len(x.objs); id++ {
		if vs.all || vs.has(uint64(id)) {
			ids = append(ids, id)
		}
	}
	return ids, !vs.all
}

// A valueSet is the values some bits of a term may take: a few values, or
// any.
type valueSet struct {
	all  bool
	vals []uint64
}

func (s valueSet) has(v uint64) bool {
	for _, u := range s.vals {
		if u == v {
			return true
		}
	}
	return false
}

// maxValueSet bounds a value set (and the concatenation of two) before it
// becomes "any": object numbers are few, and a pointer naming more objects
// than this is read by a split over all of them anyway.
const maxValueSet = 256

func (s valueSet) union(t valueSet) valueSet {
	if s.all || t.all {
		return valueSet{all: true}
	}
	out := s
	out.vals = append([]uint64(nil), s.vals...)
	for _, v := range t.vals {
		if !out.has(v) {
			out.vals = append(out.vals, v)
		}
	}
	if len(out.vals) > maxValueSet {
		return valueSet{all: true}
	}
	return out
}

type bitsKey struct {
	id     uint64
	hi, lo int
}

// bitsWalker computes the values bits hi..lo of a term may take, from its
// structure: constants, concatenation, extraction, zero extension and
// if-then-else are followed; any other term may hold any value.
type bitsWalker struct {
	memo  map[bitsKey]valueSet
	nodes int
	// garbage holds the inputs whose bits, used as a pointer, name no
	// object (executor.garbage).
	garbage map[uint64]bool
}

// maxWalkNodes bounds one walk (terms are DAGs with shared if-then-else
// chains: memoised, but a huge one still says "any").
const maxWalkNodes = 20000

func (w *bitsWalker) walk(t *smt.Term, hi, lo int) valueSet {
	if hi-lo >= 64 {
		return valueSet{all: true}
	}
	key := bitsKey{t.ID(), hi, lo}
	if s, ok := w.memo[key]; ok {
		return s
	}
	w.nodes++
	var s valueSet
	switch {
	case w.nodes > maxWalkNodes:
		s = valueSet{all: true}
	case t.IsConst():
		bv, ok := t.BVConst()
		if !ok {
			s = valueSet{all: true}
			break
		}
		var v uint64
		for i := hi; i >= lo; i-- {
			v <<= 1
			if bv.Bit(i) {
				v |= 1
			}
		}
		s = valueSet{vals: []uint64{v}}
	case t.Op() == smt.OpIte:
		s = w.walk(t.Arg(1), hi, lo).union(w.walk(t.Arg(2), hi, lo))
	case t.Op() == smt.OpExtract:
		l := t.Indices()[1]
		s = w.walk(t.Arg(0), hi+l, lo+l)
	case t.Op() == smt.OpZeroExt:
		wy := t.Arg(0).Sort().Width()
		switch {
		case lo >= wy:
			s = valueSet{vals: []uint64{0}}
		case hi < wy:
			s = w.walk(t.Arg(0), hi, lo)
		default:
			s = w.walk(t.Arg(0), wy-1, lo)
		}
	case t.Op() == smt.OpConcat:
		h, l := t.Arg(0), t.Arg(1)
		wl := l.Sort().Width()
		switch {
		case lo >= wl:
			s = w.walk(h, hi-wl, lo-wl)
		case hi < wl:
			s = w.walk(l, hi, lo)
		default:
			hs, ls := w.walk(h, hi-wl, 0), w.walk(l, wl-1, lo)
			if hs.all || ls.all || len(hs.vals)*len(ls.vals) > maxValueSet {
				s = valueSet{all: true}
				break
			}
			for _, hv := range hs.vals {
				for _, lv := range ls.vals {
					s.vals = append(s.vals, hv<<uint(wl-lo)|lv)
				}
			}
			s = valueSet{}.union(s)
		}
	case t.Op() == smt.OpVar && w.garbage[t.ID()]:
		s = valueSet{vals: []uint64{0}}
	// An array term stands for every value it holds: a select reads one
	// of them, at whatever index.
	case t.Op() == smt.OpSelect:
		s = w.walk(t.Arg(0), hi, lo)
	case t.Op() == smt.OpStore:
		s = w.walk(t.Arg(2), hi, lo).union(w.walk(t.Arg(0), hi, lo))
	case t.Op() == smt.OpConstArray:
		s = w.walk(t.Arg(0), hi, lo)
	default:
		s = valueSet{all: true}
	}
	w.memo[key] = s
	return s
}

// markGarbage records that input t (a variable or an array of cells)
// holds indeterminate bytes: uninitialised memory, or what a harness
// gives an object with any contents. Read as a pointer they name no
// object — using such a pointer is undefined behaviour (C11 6.2.4p6,
// 7.22.3.4p2), which the pointer check reports and the interpreter faults
// on — so candidates need not split over every object for them. The
// havoc of k-induction is not garbage: its pointers stand for the ones a
// real iteration holds.
func (x *executor) markGarbage(t *smt.Term) *smt.Term {
	if x.garbage == nil {
		x.garbage = map[uint64]bool{}
	}
	x.garbage[t.ID()] = true
	return t
}

// isObj is the condition that p points into object id.
func (x *executor) isObj(p *smt.Term, id int) *smt.Term {
	return x.b.Eq(x.ptrObj(p), x.b.BVUint(x.objW, uint64(id)))
}

// exactly reports whether p's object part is syntactically id.
func (x *executor) exactly(p *smt.Term, id int) bool {
	bv, ok := x.ptrObj(p).BVConst()
	return ok && int(bv.Uint64()) == id
}

// memArray returns the current array of object id.
func (x *executor) memArray(st *state, id int) *smt.Term {
	if a, ok := st.mem[id]; ok {
		return a
	}
	// An object created on a path that did not reach here: reading it is
	// reading a dead object, any contents will do.
	a := x.zeroArray(id)
	st.mem[id] = a
	return a
}

// ---------------------------------------------------------------------------
// Cells
//
// An object's array maps a cell index to a cell of 1, 2, 4 or 8 bytes,
// chosen from its type (int a[100] has 4-byte cells): aligned accesses of a
// cell's size are one select or store, which solvers handle far better
// than four byte-sized ones; other accesses read or rewrite the cells they
// overlap, so every access stays exact.

func (x *executor) cellSort(cell int) *smt.Sort {
	return smt.ArraySort(smt.BVSort(x.offW), smt.BVSort(8*cell))
}

func (x *executor) zeroArray(id int) *smt.Term {
	c := x.objs[id].cell
	return x.b.ConstArray(x.cellSort(c), x.b.BVUint(8*c, 0))
}

// cellFor picks the cell size of an object of type t: the largest of 1, 2,
// 4, 8 that divides the size and offset of every scalar inside it.
func cellFor(t ir.Type) int {
	g := int64(0)
	var visit func(t ir.Type, off int64)
	gcd := func(a, b int64) int64 {
		for b != 0 {
			a, b = b, a%b
		}
		return a
	}
	visit = func(t ir.Type, off int64) {
		switch t := t.(type) {
		case *ir.ArrayType:
			visit(t.Elem, off)
		case *ir.StructType:
			for _, f := range t.Fields {
				visit(f.Type, off+f.Offset)
			}
		default:
			g = gcd(g, accessBytes(t))
			g = gcd(g, off)
		}
	}
	visit(t, 0)
	for _, c := range []int64{8, 4, 2} {
		if g > 0 && g%c == 0 {
			return int(c)
		}
	}
	return 1
}

// aligned reports whether offset term off is syntactically a multiple of c.
func aligned(off *smt.Term, c int64) bool {
	if c == 1 {
		return true
	}
	if v, ok := off.BVConst(); ok {
		return v.Uint64()%uint64(c) == 0
	}
	switch off.Op() {
	case smt.OpBVAdd, smt.OpBVSub:
		return aligned(off.Arg(0), c) && aligned(off.Arg(1), c)
	case smt.OpBVMul:
		return aligned(off.Arg(0), c) || aligned(off.Arg(1), c)
	case smt.OpIte:
		return aligned(off.Arg(1), c) && aligned(off.Arg(2), c)
	}
	return false
}

func log2(c int) int {
	n := 0
	for c > 1 {
		c >>= 1
		n++
	}
	return n
}

// cellIndex is the index of the cell holding byte off.
func (x *executor) cellIndex(off *smt.Term, cell int) *smt.Term {
	if cell == 1 {
		return off
	}
	return x.b.BVLShr(off, x.b.BVUint(x.offW, uint64(log2(cell))))
}

// readCell reads one cell, resolving reads over stores with known indices
// to the stored value (and over other stores to if-then-else chains), so
// that the solver sees few array terms.
func (x *executor) readCell(arr, idx *smt.Term) *smt.Term {
	key := [2]uint64{arr.ID(), idx.ID()}
	if v, ok := x.cellMemo[key]; ok {
		return v
	}
	v := x.readCellDepth(arr, idx, 0)
	x.cellMemo[key] = v
	return v
}

const maxReadChain = 512

func (x *executor) readCellDepth(arr, idx *smt.Term, depth int) *smt.Term {
	// One read can build millions of terms (a symbolic index through
	// stores under merged arrays): the limits hold inside it too.
	x.reads++
	if x.reads&1023 == 0 {
		x.checkLimits()
	}
	if depth > maxReadChain {
		return x.b.Select(arr, idx)
	}
	switch arr.Op() {
	case smt.OpStore:
		i, v := arr.Arg(1), arr.Arg(2)
		if i == idx {
			return v
		}
		ci, ok1 := i.BVConst()
		cj, ok2 := idx.BVConst()
		if ok1 && ok2 && !ci.Equal(cj) {
			return x.readCellDepth(arr.Arg(0), idx, depth+1)
		}
		if ok1 && ok2 {
			return v
		}
		if disjoint(x.lowBitsOf(i), x.lowBitsOf(idx)) {
			return x.readCellDepth(arr.Arg(0), idx, depth+1)
		}
		return x.b.Ite(x.b.Eq(i, idx), v, x.readCellDepth(arr.Arg(0), idx, depth+1))
	case smt.OpIte:
		return x.b.Ite(arr.Arg(0), x.readCell(arr.Arg(1), idx), x.readCell(arr.Arg(2), idx))
	case smt.OpConstArray:
		return arr.Arg(0)
	}
	return x.factSelect(arr, idx)
}

// loadObj reads n bytes at off of an object with cells of size cell.
func (x *executor) loadObj(arr *smt.Term, cell int, off *smt.Term, n int64) *smt.Term {
	c := int64(cell)
	if n%c == 0 && aligned(off, c) {
		var v *smt.Term
		base := x.cellIndex(off, cell)
		for k := int64(0); k < n/c; k++ {
			cv := x.readCell(arr, x.b.BVAdd(base, x.b.BVUint(x.offW, uint64(k))))
			if v == nil {
				v = cv
			} else {
				v = x.b.Concat(cv, v)
			}
		}
		return v
	}
	// Unaligned, or smaller than a cell: read the cells the bytes overlap
	// and shift the wanted ones down.
	o := x.overlap(arr, cell, off, n)
	return x.b.Extract(int(8*n)-1, 0, x.b.BVLShr(o.wide, o.shift))
}

// overlapped is the run of cells an access of n bytes at off touches, read
// as one wide bit-vector, and the bit position of the access in it.
type overlapped struct {
	base  *smt.Term // index of the first cell
	cells int64
	wide  *smt.Term
	shift *smt.Term // in bits, width of wide
}

func (x *executor) overlap(arr *smt.Term, cell int, off *smt.Term, n int64) overlapped {
	c := int64(cell)
	o := overlapped{base: x.cellIndex(off, cell), cells: (n+c-1)/c + 1}
	for i := int64(0); i < o.cells; i++ {
		cv := x.readCell(arr, x.b.BVAdd(o.base, x.b.BVUint(x.offW, uint64(i))))
		if o.wide == nil {
			o.wide = cv
		} else {
			o.wide = x.b.Concat(cv, o.wide)
		}
	}
	w := int(o.cells * c * 8)
	within := x.b.BVAnd(off, x.b.BVUint(x.offW, uint64(c-1)))
	o.shift = x.b.BVMul(x.resize(within, x.offW, w, false), x.b.BVUint(w, 8))
	return o
}

// storeObj writes the 8n-bit value bits at off.
func (x *executor) storeObj(arr *smt.Term, cell int, off, bits *smt.Term, n int64) *smt.Term {
	c := int64(cell)
	if n%c == 0 && aligned(off, c) {
		base := x.cellIndex(off, cell)
		for k := int64(0); k < n/c; k++ {
			v := x.b.Extract(int(8*c*(k+1))-1, int(8*c*k), bits)
			arr = x.b.Store(arr, x.b.BVAdd(base, x.b.BVUint(x.offW, uint64(k))), v)
		}
		return arr
	}
	// Read-modify-write the overlapped cells.
	o := x.overlap(arr, cell, off, n)
	w := int(o.cells * c * 8)
	mask := x.b.BVShl(x.b.ZeroExt(w-int(8*n), x.b.BVNot(x.b.BVUint(int(8*n), 0))), o.shift)
	val := x.b.BVShl(x.b.ZeroExt(w-int(8*n), bits), o.shift)
	wide := x.b.BVOr(x.b.BVAnd(o.wide, x.b.BVNot(mask)), val)
	for i := int64(0); i < o.cells; i++ {
		v := x.b.Extract(int(8*c*(i+1))-1, int(8*c*i), wide)
		arr = x.b.Store(arr, x.b.BVAdd(o.base, x.b.BVUint(x.offW, uint64(i))), v)
	}
	return arr
}

// toBits turns a scalar value of type t into its memory representation.
//
// A NaN's bit pattern is not fixed by IEEE arithmetic (x86 makes 0/0 a
// negative NaN, the solver's fp.to_ieee_bv has one canonical NaN), so the
// bits stored for a NaN are left open: any pattern. That over-approximates
// (sound); a trace that depends on them fails to replay instead of being
// reported.
func (x *executor) toBits(v *smt.Term, t ir.Type) *smt.Term {
	if ft, ok := t.(*ir.FloatType); ok {
		if ft.IsLong() {
			return v // already its 80 bits (see longdouble.go)
		}
		bits := x.b.FPToBits(v)
		if v.IsConst() {
			if isNaN, _ := x.b.FPIsNaN(v).BoolConst(); !isNaN {
				return bits
			}
		}
		return x.b.Ite(x.b.FPIsNaN(v), x.internalFresh(bits.Sort()), bits)
	}
	return v
}

func (x *executor) fromBits(bits *smt.Term, t ir.Type) *smt.Term {
	if ft, ok := t.(*ir.FloatType); ok {
		if ft.IsLong() {
			return bits
		}
		return x.b.FPFromBits(fpSort(ft), bits)
	}
	return bits
}

// loadRaw reads n bytes through p: a case split over the objects p may
// name. Where p names none of them (NULL, dangling) the value is
// unconstrained — the interpreter faults there, so such a trace never
// replays.
func (x *executor) loadRaw(st *state, p *smt.Term, n int64) *smt.Term {
	x.assumeNamed(st, p)
	return x.loadRawFrom(st.mem, p, n)
}

// assumeNamed ends the executions in which p, about to be dereferenced,
// names no object (NULL, or garbage: markGarbage): the interpreter faults
// there, as the program would crash, and the pointer check, when on, has
// reported it already. Only for pointers whose candidates are precise:
// for the others "no object" is not known.
func (x *executor) assumeNamed(st *state, p *smt.Term) {
	cands, precise := x.pointees(p)
	if !precise || len(cands) == 1 && x.exactly(p, cands[0]) {
		return
	}
	named := x.b.False()
	for _, id := range cands {
		named = x.b.Or(named, x.isObj(p, id))
	}
	st.guard = x.b.And(st.guard, named)
}

func (x *executor) loadRawFrom(mem map[int]*smt.Term, p *smt.Term, n int64) *smt.Term {
	cands, precise := x.pointees(p)
	off := x.ptrOff(p)
	if len(cands) == 1 && (precise || x.exactly(p, cands[0])) {
		return x.loadObj(x.memOf(mem, cands[0]), x.objs[cands[0]].cell, off, n)
	}
	var v *smt.Term
	if precise && len(cands) > 0 {
		last := cands[len(cands)-1]
		v = x.loadObj(x.memOf(mem, last), x.objs[last].cell, off, n)
		cands = cands[:len(cands)-1]
	} else {
		v = x.internalFresh(smt.BVSort(int(8 * n)))
	}
	for i := len(cands) - 1; i >= 0; i-- {
		id := cands[i]
		v = x.b.Ite(x.isObj(p, id), x.loadObj(x.memOf(mem, id), x.objs[id].cell, off, n), v)
	}
	return v
}

func (x *executor) memOf(mem map[int]*smt.Term, id int) *smt.Term {
	if a, ok := mem[id]; ok {
		return a
	}
	return x.zeroArray(id)
}

// loadPtr reads a scalar of type t through pointer p.
func (x *executor) loadPtr(st *state, p *smt.Term, t ir.Type) *smt.Term {
	return x.fromBits(x.loadRaw(st, p, accessBytes(t)), t)
}

// storePtr writes scalar v of type t through pointer p.
func (x *executor) storePtr(st *state, p *smt.Term, v *smt.Term, t ir.Type) {
	x.storeRaw(st, p, x.toBits(v, t), accessBytes(t))
}

// accessBytes is how many bytes a load or store of scalar type t touches:
// its size, but for long double's padding, which the x87 leaves alone as
// the interpreter does.
func accessBytes(t ir.Type) int64 {
	if ft, ok := t.(*ir.FloatType); ok {
		return ft.DataBytes()
	}
	return t.Size()
}

func (x *executor) storeRaw(st *state, p, bits *smt.Term, n int64) {
	x.assumeNamed(st, p)
	cands, precise := x.pointees(p)
	off := x.ptrOff(p)
	for _, id := range cands {
		old := x.memArray(st, id)
		nw := x.storeObj(old, x.objs[id].cell, off, bits, n)
		if x.exactly(p, id) || precise && len(cands) == 1 {
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

// snapshot captures an aggregate lvalue: where it is and the arrays of the
// objects it may be in (terms are immutable, so this is a copy).
func (x *executor) snapshot(st *state, fr *frame, e ir.Expr) *aggVal {
	p := x.addr(st, fr, e)
	return x.snapshotPtr(st, p, e.Type().Size())
}

func (x *executor) snapshotPtr(st *state, p *smt.Term, size int64) *aggVal {
	mem := map[int]*smt.Term{}
	for _, id := range x.candidates(p) {
		mem[id] = x.memArray(st, id)
	}
	return &aggVal{ptr: p, mem: mem, size: size}
}

func (x *executor) copyAggregate(st *state, fr *frame, lhs, rhs ir.Expr, pos ir.Pos) {
	x.copyBytes(st, x.addr(st, fr, lhs), x.snapshot(st, fr, rhs), pos)
}

// copyBytes copies src.size bytes from the snapshot src to dst. A copy of
// a whole object onto a whole object of the same shape moves the array;
// other copies go cell by cell (or byte by byte) up to MaxCopyBytes.
func (x *executor) copyBytes(st *state, dst *smt.Term, src *aggVal, pos ir.Pos) {
	n := src.size
	if n <= 0 {
		return
	}
	scands := x.candidates(src.ptr)
	dcands := x.candidates(dst)
	if len(dcands) == 1 && x.exactly(dst, dcands[0]) && len(scands) == 1 && x.exactly(src.ptr, scands[0]) {
		d, s := x.objs[dcands[0]], x.objs[scands[0]]
		doff, okd := x.ptrOff(dst).BVConst()
		soff, oks := x.ptrOff(src.ptr).BVConst()
		dsize, ok1 := d.size.BVConst()
		ssize, ok2 := s.size.BVConst()
		if okd && oks && ok1 && ok2 && doff.IsZero() && soff.IsZero() && dsize.Uint64() == uint64(n) &&
			ssize.Uint64() == uint64(n) && d.cell == s.cell {
			st.mem[d.id] = x.memOf(src.mem, s.id)
			return
		}
	}
	if n > x.opts.MaxCopyBytes {
		x.unsupported(st, pos, fmt.Sprintf("copy of %d bytes", n))
		return
	}
	// Chunks of the largest size both sides are aligned for.
	chunk := int64(8)
	for chunk > 1 && (n%chunk != 0 || !aligned(x.ptrOff(dst), chunk) || !aligned(x.ptrOff(src.ptr), chunk)) {
		chunk /= 2
	}
	for i := int64(0); i < n; i += chunk {
		d := x.b.BVUint(x.offW, uint64(i))
		v := x.loadRawFrom(src.mem, x.ptrAdd(src.ptr, d), chunk)
		x.storeRaw(st, x.ptrAdd(dst, d), v, chunk)
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
		if t.IsLong() {
			return smt.BVSort(80)
		}
		return fpSort(t)
	case *ir.PointerType:
		return smt.BVSort(x.ptrW)
	}
	x.fatal("no scalar sort for %s", t)
	return nil
}
