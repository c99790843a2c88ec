package smt

// ConstArray returns the array of sort s (an array sort) holding v at every
// index.
func (b *Builder) ConstArray(s *Sort, v *Term) *Term {
	s = b.canon(s)
	if s.kind != KindArray || s.elem != v.sort {
		panic("smt: ill-sorted const array: " + s.key + " of " + v.sort.key)
	}
	return b.mk1(OpConstArray, s, v)
}

// Select reads a at index i.
func (b *Builder) Select(a, i *Term) *Term {
	if a.sort.kind != KindArray || a.sort.index != i.sort {
		sortPanic("select", a, i)
	}
	if b.simplify {
		// Walk down the store chain past stores that surely hit another
		// index. The walk is linear in the chain; it stops at the first
		// store whose index may or may not be i. A constant index in a
		// long chain of constant-index stores is looked up in an index of
		// the chain instead (a loop that fills a 100,000-element array
		// and one that reads it back would be quadratic).
		for steps := 0; ; steps++ {
			if steps == indexAfter && i.op == OpConst && a.op == OpStore && a.args[1].op == OpConst {
				v, below, ok := b.lookupStores(a, i)
				if ok {
					return v
				}
				a = below
			}
			if a.op == OpStore {
				j := a.args[1]
				if j == i {
					return a.args[2]
				}
				if distinctIndices(i, j) {
					a = a.args[0]
					continue
				}
			}
			if a.op == OpConstArray {
				return a.args[0]
			}
			break
		}
	}
	return b.mk2(OpSelect, a.sort.elem, a, i)
}

// Store writes v at index i of a.
func (b *Builder) Store(a, i, v *Term) *Term {
	if a.sort.kind != KindArray || a.sort.index != i.sort || a.sort.elem != v.sort {
		sortPanic("store", a, i, v)
	}
	if b.simplify {
		// A later store to the same index hides the earlier one.
		if a.op == OpStore && a.args[1] == i {
			return b.Store(a.args[0], i, v)
		}
		// Writing back what is there changes nothing.
		if v.op == OpSelect && v.args[0] == a && v.args[1] == i {
			return a
		}
		if a.op == OpConstArray && a.args[0] == v {
			return a
		}
	}
	return b.mk3(OpStore, a.sort, a, i, v)
}

// baseOffset splits a BV term into base + constant offset.
func baseOffset(t *Term) (*Term, BitVec, bool) {
	if t.sort.kind != KindBV {
		return nil, BitVec{}, false
	}
	if t.op == OpBVAdd {
		if k, ok := t.args[1].BVConst(); ok {
			return t.args[0], k, true
		}
	}
	return t, NewBitVec(t.sort.width, 0), true
}

// distinctIndices reports whether i and j surely denote different values:
// two different constants, or base+k1 and base+k2 with k1 ≠ k2 (mod 2^w,
// since the offsets are w-bit constants). It never claims distinctness it
// cannot prove; false means "don't know".
func distinctIndices(i, j *Term) bool {
	if i.op == OpConst && j.op == OpConst {
		return !i.val.Equal(j.val)
	}
	bi, ki, ok1 := baseOffset(i)
	bj, kj, ok2 := baseOffset(j)
	return ok1 && ok2 && bi == bj && !ki.Equal(kj)
}

// indexAfter is the walk length after which Select uses the chain's index.
const indexAfter = 32

// storeIdx indexes a chain of stores at constant indices: own maps each
// index stored in the top part of the chain to its topmost value; below
// indexes the chain under that part, or base is where the constant stores
// end (a store at another index, a constant array, a variable).
type storeIdx struct {
	own   map[uint64]*Term
	below *storeIdx
	base  *Term
}

// lookupStores reads constant index i through the constant-index stores
// at the top of chain a: the value stored there, or the term below them.
func (b *Builder) lookupStores(a, i *Term) (v, below *Term, ok bool) {
	if !i.val.FitsUint64() {
		return nil, a, false
	}
	key := i.val.Uint64()
	idx := b.storeIndex(a)
	for l := idx; l != nil; l = l.below {
		if v, ok := l.own[key]; ok {
			return v, nil, true
		}
		if l.below == nil {
			return nil, l.base, false
		}
	}
	return nil, a, false
}

// storeIndex builds (or finds) the index of the chain with top a, a store
// at a constant index. It walks down until a store whose chain is indexed
// already — a new layer on top of it — or the end of the constant stores.
// A layer absorbs the layers below it while they are not more than twice
// its size, so a chain has O(log n) layers and building costs O(n log n)
// however the chain was read.
func (b *Builder) storeIndex(a *Term) *storeIdx {
	if idx, ok := b.stores[a]; ok {
		return idx
	}
	if b.stores == nil {
		b.stores = map[*Term]*storeIdx{}
	}
	idx := &storeIdx{own: map[uint64]*Term{}}
	t := a
	for {
		if t != a {
			if below, ok := b.stores[t]; ok {
				idx.below = below
				break
			}
		}
		if t.op != OpStore || t.args[1].op != OpConst || !t.args[1].val.FitsUint64() {
			idx.base = t
			break
		}
		k := t.args[1].val.Uint64()
		if _, seen := idx.own[k]; !seen {
			idx.own[k] = t.args[2]
		}
		t = t.args[0]
	}
	for idx.below != nil && len(idx.below.own) <= 2*len(idx.own) {
		l := idx.below
		for k, v := range l.own {
			if _, seen := idx.own[k]; !seen {
				idx.own[k] = v
			}
		}
		idx.below, idx.base = l.below, l.base
	}
	b.stores[a] = idx
	return idx
}
