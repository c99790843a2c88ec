package interp

import (
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/prbmc/prbmc/verifier/ir"
)

var le = binary.LittleEndian

// val is a scalar value. Integers are held as their C value converted to
// uint64 (sign-extended for signed types, zero-extended for unsigned ones);
// a float holds its IEEE bits (float32 bits zero-extended); a pointer is
// (obj, offset) with the offset in bits, or (nil, address) for NULL (0) and
// invalid pointers.
type val struct {
	bits uint64
	obj  *object
}

type objKind uint8

const (
	okGlobal objKind = iota
	okLocal
	okHeap
	okAlloca
	okTemp
	okFunc // a function: an address without bytes
)

type objState uint8

const (
	stAlive    objState = iota
	stDead              // after the variable's Dead
	stFreed             // heap block after free
	stReturned          // local of an activation that has returned
)

// frag records a pointer stored in an object's bytes.
type frag struct {
	obj *object
	off int64
}

type object struct {
	data []byte
	// slots[i] is the pointer stored at offset i*pw, if slots[i].obj != nil.
	slots []frag
	// odd holds pointers stored at offsets that are not multiples of pw.
	odd   map[int64]frag
	base  uint64
	v     *ir.Var      // nil for heap blocks
	fn    *ir.Function // for okFunc
	id    int64        // heap block number
	kind  objKind
	state objState
	ro    bool
}

func (o *object) name() string {
	if o == nil {
		return "NULL"
	}
	switch o.kind {
	case okHeap:
		return fmt.Sprintf("heap#%d", o.id)
	case okAlloca:
		return fmt.Sprintf("alloca#%d", o.id)
	case okTemp:
		return "temporary"
	case okFunc:
		return o.fn.Name
	}
	if o.v != nil {
		return srcName(o.v)
	}
	return "object"
}

func (o *object) describe() string {
	switch o.kind {
	case okHeap:
		return "heap block " + o.name()
	case okAlloca:
		return "stack block " + o.name()
	case okFunc:
		return "function " + o.name()
	case okGlobal:
		if o.v != nil && o.v.ReadOnly {
			return "read-only object " + o.name()
		}
		return "global " + o.name()
	case okLocal:
		if o.v != nil && o.v.Func != nil {
			return fmt.Sprintf("local %s of %s", o.name(), o.v.Func.Name)
		}
		return "local " + o.name()
	}
	return o.name()
}

func (m *machine) addrOf(o *object, off int64) uint64 {
	if o == nil {
		return uint64(off)
	}
	return o.base + uint64(off)
}

// ---------------------------------------------------------------------------
// Access checks

// valid reports whether the n bytes at (o, off) may be accessed: the one
// test behind both the faults of access and waccess (which also needs
// !o.ro) and ir.Valid, so that a failed pointer check and a fault are the
// same event.
func valid(o *object, off, n int64) bool {
	return o != nil && o.state == stAlive && off >= 0 && off <= int64(len(o.data))-n
}

// access returns the n bytes at (o, off), or faults.
func (m *machine) access(o *object, off, n int64) []byte {
	if valid(o, off, n) {
		return o.data[off : off+n : off+n]
	}
	m.accessFault(o, off, n, false)
	return nil
}

// waccess returns the n bytes at (o, off) for writing, or faults. It drops
// the pointer fragments overlapping them.
func (m *machine) waccess(o *object, off, n int64) []byte {
	if valid(o, off, n) && !o.ro {
		if o.slots != nil || o.odd != nil {
			m.clearFrags(o, off, n)
		}
		return o.data[off : off+n : off+n]
	}
	m.accessFault(o, off, n, true)
	return nil
}

func (m *machine) accessFault(o *object, off, n int64, write bool) {
	what := "read"
	if write {
		what = "write"
	}
	if o == nil {
		if uint64(off) < 4096 {
			if off == 0 {
				m.fail("NULL pointer dereference (%s of %d bytes)", what, n)
			}
			m.fail("NULL pointer dereference (%s of %d bytes at address %#x)", what, n, uint64(off))
		}
		m.fail("invalid pointer dereference (%s of %d bytes at address %#x)", what, n, uint64(off))
	}
	switch o.state {
	case stDead:
		m.fail("%s of %s outside its lifetime", what, o.describe())
	case stFreed:
		m.fail("use after free: %s of %s", what, o.describe())
	case stReturned:
		m.fail("dangling pointer: %s of %s after its function returned", what, o.describe())
	}
	if off < 0 || off > int64(len(o.data))-n {
		m.fail("out-of-bounds %s: %d bytes at offset %d of %s (%d bytes)", what, n, off, o.describe(), len(o.data))
	}
	if write && o.ro {
		m.fail("write to %s", o.describe())
	}
	m.fail("bad memory access")
}

// ---------------------------------------------------------------------------
// Pointer fragments

func (m *machine) clearFrags(o *object, off, n int64) {
	if n <= 0 {
		return
	}
	if o.slots != nil {
		lo := off / m.pw
		hi := (off + n - 1) / m.pw
		if lo < 0 {
			lo = 0
		}
		if hi >= int64(len(o.slots)) {
			hi = int64(len(o.slots)) - 1
		}
		for i := lo; i <= hi; i++ {
			o.slots[i].obj = nil
		}
	}
	if o.odd != nil {
		if n <= 64 {
			for k := off - m.pw + 1; k < off+n; k++ {
				delete(o.odd, k)
			}
		} else {
			for k := range o.odd {
				if k > off-m.pw && k < off+n {
					delete(o.odd, k)
				}
			}
		}
		if len(o.odd) == 0 {
			o.odd = nil
		}
	}
}

func (m *machine) setFrag(o *object, off int64, f frag) {
	if off%m.pw == 0 {
		if o.slots == nil {
			o.slots = make([]frag, (int64(len(o.data))+m.pw-1)/m.pw)
		}
		o.slots[off/m.pw] = f
		return
	}
	if o.odd == nil {
		o.odd = map[int64]frag{}
	}
	o.odd[off] = f
}

func (m *machine) getFrag(o *object, off int64) (frag, bool) {
	if off%m.pw == 0 {
		if o.slots != nil {
			f := o.slots[off/m.pw]
			return f, f.obj != nil
		}
		return frag{}, false
	}
	if o.odd != nil {
		f, ok := o.odd[off]
		return f, ok
	}
	return frag{}, false
}

// loadPtr reads a pointer at (o, off).
func (m *machine) loadPtr(o *object, off int64) val {
	b := m.access(o, off, m.pw)
	if o.slots != nil || o.odd != nil {
		if f, ok := m.getFrag(o, off); ok {
			return val{bits: uint64(f.off), obj: f.obj}
		}
	}
	var a uint64
	if m.pw == 4 {
		a = uint64(le.Uint32(b))
	} else {
		a = le.Uint64(b)
	}
	return m.ptrFromAddr(a)
}

// storePtr writes pointer v at (o, off).
func (m *machine) storePtr(o *object, off int64, v val) {
	b := m.waccess(o, off, m.pw)
	a := m.addrOf(v.obj, int64(v.bits))
	if m.pw == 4 {
		le.PutUint32(b, uint32(a))
	} else {
		le.PutUint64(b, a)
	}
	if v.obj != nil {
		m.setFrag(o, off, frag{v.obj, int64(v.bits)})
	}
}

// copyMem copies n bytes and the pointer fragments among them.
func (m *machine) copyMem(dst *object, doff int64, src *object, soff int64, n int64) {
	if n == 0 {
		return
	}
	s := m.access(src, soff, n)
	if src.slots == nil && src.odd == nil {
		copy(m.waccess(dst, doff, n), s)
		return
	}
	// Collect the source fragments first: src and dst may be the same object.
	type fr struct {
		off int64
		f   frag
	}
	var frs []fr
	if src.slots != nil {
		lo := (soff + m.pw - 1) / m.pw
		for i := lo; i*m.pw+m.pw <= soff+n && i < int64(len(src.slots)); i++ {
			if src.slots[i].obj != nil {
				frs = append(frs, fr{i*m.pw - soff, src.slots[i]})
			}
		}
	}
	for k, f := range src.odd {
		if k >= soff && k+m.pw <= soff+n {
			frs = append(frs, fr{k - soff, f})
		}
	}
	copy(m.waccess(dst, doff, n), s)
	for _, x := range frs {
		m.setFrag(dst, doff+x.off, x.f)
	}
}

// ---------------------------------------------------------------------------
// Addresses

// ptrFromAddr maps a fake address back to a pointer: (object, offset) when
// it falls inside an object (or one past its end), else an invalid pointer.
func (m *machine) ptrFromAddr(a uint64) val {
	if a == 0 {
		return val{}
	}
	if o := m.findObject(a); o != nil {
		return val{bits: a - o.base, obj: o}
	}
	return val{bits: a}
}

func inObj(o *object, a uint64) bool {
	return a >= o.base && a <= o.base+uint64(len(o.data))
}

func searchObjs(objs []*object, a uint64) *object {
	i := sort.Search(len(objs), func(i int) bool { return objs[i].base > a })
	if i > 0 && inObj(objs[i-1], a) {
		return objs[i-1]
	}
	return nil
}

func (m *machine) findObject(a uint64) *object {
	if o := searchObjs(m.gobjs, a); o != nil {
		return o
	}
	if o := searchObjs(m.heap, a); o != nil {
		return o
	}
	// live stack frames are sorted by base address
	st := m.stack[:m.depth+1]
	i := sort.Search(len(st), func(i int) bool { return st[i].base > a })
	if i > 0 {
		fr := st[i-1]
		if a < fr.end {
			objs := fr.objs
			j := sort.Search(len(objs), func(j int) bool { return objs[j].base > a })
			if j > 0 && inObj(&objs[j-1], a) {
				return &objs[j-1]
			}
		}
	}
	return nil
}

// ---------------------------------------------------------------------------
// Heap

func (m *machine) newBlock(size int64, kind objKind) *object {
	if size < 0 {
		m.fail("allocation of %d bytes", size)
	}
	what := "heap block"
	if kind == okAlloca {
		what = "stack block (alloca)"
	}
	m.reserve(what, size)
	if size > 1<<31 {
		m.fail("allocation of %d bytes is too large", size)
	}
	m.heapID++
	o := &object{data: make([]byte, size), kind: kind, id: m.heapID}
	o.base = m.alloc(size)
	m.heap = append(m.heap, o)
	return o
}

func (m *machine) freeBlock(o *object) {
	o.state = stFreed
	m.release(int64(len(o.data)))
	o.data = o.data[:len(o.data):len(o.data)]
	o.slots, o.odd = nil, nil
	m.heapFreed++
	if m.heapFreed > 1024 && m.heapFreed > len(m.heap)/2 {
		live := m.heap[:0]
		for _, h := range m.heap {
			if h.state == stAlive {
				live = append(live, h)
			}
		}
		clear(m.heap[len(live):])
		m.heap = live
		m.heapFreed = 0
	}
}

// tempObject holds an aggregate value in transit (a returned struct, a
// nondet aggregate); it has no address.
func (m *machine) tempObject(b []byte) *object {
	return &object{data: b, kind: okTemp}
}

// ---------------------------------------------------------------------------
// Scalars to and from bytes

// scalar kinds
type skind uint8

const (
	kNone skind = iota
	kI8
	kU8
	kI16
	kU16
	kI32
	kU32
	kI64
	kU64
	kF32
	kF64
	kF80 // long double, boxed (see float80.go)
	kPtr
	kI128
	kAgg
	kVoid
)

func kindOf(t ir.Type) skind {
	switch t := t.(type) {
	case *ir.IntType:
		switch t.Bits {
		case 8:
			if t.Signed {
				return kI8
			}
			return kU8
		case 16:
			if t.Signed {
				return kI16
			}
			return kU16
		case 32:
			if t.Signed {
				return kI32
			}
			return kU32
		case 64:
			if t.Signed {
				return kI64
			}
			return kU64
		}
		if t.IsOddWidth() {
			// A BitInt: computed in 64 bits, then extended from its
			// width (see oddWidth).
			if t.Signed {
				return kI64
			}
			return kU64
		}
		return kI128
	case *ir.FloatType:
		switch t.Bits {
		case 32:
			return kF32
		case 80:
			return kF80
		}
		return kF64
	case *ir.PointerType:
		return kPtr
	case *ir.StructType, *ir.ArrayType:
		return kAgg
	case ir.VoidType:
		return kVoid
	}
	return kNone
}

func isIntKind(k skind) bool { return k >= kI8 && k <= kU64 }
func isSignedKind(k skind) bool {
	return k == kI8 || k == kI16 || k == kI32 || k == kI64
}

func kindBytes(k skind) int64 {
	switch k {
	case kI8, kU8:
		return 1
	case kI16, kU16:
		return 2
	case kI32, kU32, kF32:
		return 4
	case kI64, kU64, kF64:
		return 8
	case kF80:
		return 10
	case kI128:
		return 16
	}
	return 0
}

// oddWidth is t when it is an integer type of a width other than 8, 16,
// 32 or 64 bits below 64 (a BitInt): its kind is the 64-bit one of its
// signedness, and its values are kept sign- or zero-extended from its
// width, which every operation producing one restores (see narrowTo).
func oddWidth(t ir.Type) (*ir.IntType, bool) {
	it, ok := t.(*ir.IntType)
	if !ok || !it.IsOddWidth() {
		return nil, false
	}
	return it, true
}

// extend sign- or zero-extends the low t.Bits bits of x.
func extend(t *ir.IntType, x uint64) uint64 {
	shift := uint(64 - t.Bits)
	if t.Signed {
		return uint64(int64(x<<shift) >> shift)
	}
	return x << shift >> shift
}

// canonOf is canon for a value of type t, odd widths included.
func canonOf(t ir.Type, x uint64) uint64 {
	if it, ok := oddWidth(t); ok {
		return extend(it, x)
	}
	return canon(kindOf(t), x)
}

// narrowTo makes f's 64-bit results canonical for t when t is of an odd
// width: the operation wraps at t's width.
func narrowTo(t ir.Type, f evalFn) evalFn {
	it, ok := oddWidth(t)
	if !ok || f == nil {
		return f
	}
	return func(m *machine) val { return val{bits: extend(it, f(m).bits)} }
}

// canon converts raw bits (any width) to the canonical form of kind k.
func canon(k skind, x uint64) uint64 {
	switch k {
	case kI8:
		return uint64(int8(x))
	case kU8:
		return uint64(uint8(x))
	case kI16:
		return uint64(int16(x))
	case kU16:
		return uint64(uint16(x))
	case kI32:
		return uint64(int32(x))
	case kU32, kF32:
		return uint64(uint32(x))
	}
	return x
}

func (m *machine) valFromBytes(k skind, b []byte) val {
	switch k {
	case kI8, kU8:
		return val{bits: canon(k, uint64(b[0]))}
	case kI16, kU16:
		return val{bits: canon(k, uint64(le.Uint16(b)))}
	case kI32, kU32, kF32:
		return val{bits: canon(k, uint64(le.Uint32(b)))}
	case kI64, kU64, kF64:
		return val{bits: le.Uint64(b)}
	case kF80:
		return vf80(ir.Float80FromBytes(b))
	case kPtr:
		if m.pw == 4 {
			return m.ptrFromAddr(uint64(le.Uint32(b)))
		}
		return m.ptrFromAddr(le.Uint64(b))
	case kI128:
		m.fail("unsupported 128-bit arithmetic")
	}
	m.fail("value of unsupported type")
	return val{}
}

// load reads a scalar of kind k at (o, off).
func (m *machine) load(k skind, o *object, off int64) val {
	switch k {
	case kI8:
		return val{bits: uint64(int8(m.access(o, off, 1)[0]))}
	case kU8:
		return val{bits: uint64(m.access(o, off, 1)[0])}
	case kI16:
		return val{bits: uint64(int16(le.Uint16(m.access(o, off, 2))))}
	case kU16:
		return val{bits: uint64(le.Uint16(m.access(o, off, 2)))}
	case kI32:
		return val{bits: uint64(int32(le.Uint32(m.access(o, off, 4))))}
	case kU32, kF32:
		return val{bits: uint64(le.Uint32(m.access(o, off, 4)))}
	case kI64, kU64, kF64:
		return val{bits: le.Uint64(m.access(o, off, 8))}
	case kF80:
		return vf80(ir.Float80FromBytes(m.access(o, off, 10)))
	case kPtr:
		return m.loadPtr(o, off)
	case kI128:
		m.fail("unsupported 128-bit arithmetic")
	}
	m.fail("load of a value of unsupported type")
	return val{}
}

// store writes scalar v of kind k at (o, off).
func (m *machine) store(k skind, o *object, off int64, v val) {
	switch k {
	case kI8, kU8:
		m.waccess(o, off, 1)[0] = byte(v.bits)
	case kI16, kU16:
		le.PutUint16(m.waccess(o, off, 2), uint16(v.bits))
	case kI32, kU32, kF32:
		le.PutUint32(m.waccess(o, off, 4), uint32(v.bits))
	case kI64, kU64, kF64:
		le.PutUint64(m.waccess(o, off, 8), v.bits)
	case kF80:
		// The 10 data bytes: the x87 leaves the padding alone.
		f80(v).PutBytes(m.waccess(o, off, 10))
	case kPtr:
		m.storePtr(o, off, v)
	case kI128:
		m.fail("unsupported 128-bit arithmetic")
	default:
		m.fail("store of a value of unsupported type")
	}
}
