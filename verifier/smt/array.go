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
		// store whose index may or may not be i.
		for {
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
