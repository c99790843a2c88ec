package smt

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strconv"
)

// Builder creates hash-consed, simplified terms. A Builder is not safe for
// concurrent use. It keeps every term it ever built (that is what makes
// hash-consing cheap), so use one Builder per verification task rather
// than one per process.
//
// Constructors panic on ill-sorted arguments: terms come from our own
// front end, so a sort error is a bug there, not a property of the input.
type Builder struct {
	simplify bool
	terms    map[termKey]*Term
	sorts    map[string]*Sort
	bvSorts  []*Sort // bvSorts[w], filled lazily
	boolSort *Sort
	nextID   uint64
	fresh    map[string]int
	tru, fls *Term
	keyBuf   []byte
	// stores indexes long chains of stores at constant indices (see
	// storeIndex), by the chain's top.
	stores map[*Term]*storeIdx
	// ops counts the terms asked for, built or found, and their
	// arguments: a measure of the work done with the Builder that does
	// not depend on the machine (see Ops).
	ops int64
}

// termKey is the structural identity of a term. Children are identified by
// pointer, which is sound because they are hash-consed already.
type termKey struct {
	op         Op
	rm         RoundingMode
	sort       *Sort
	a0, a1, a2 *Term
	i0, i1     int
	lo         uint64
	rest       string // IDs of children past the third, a name, or a wide constant
}

// BuilderOption configures a Builder.
type BuilderOption func(*Builder)

// WithoutSimplification makes the Builder only hash-cons and sort-check:
// no folding, no rewriting. It exists to test the simplifier against a
// solver (the raw and the simplified term must be equivalent) and to debug
// the simplifier.
func WithoutSimplification() BuilderOption { return func(b *Builder) { b.simplify = false } }

// NewBuilder returns an empty Builder that simplifies by default.
func NewBuilder(opts ...BuilderOption) *Builder {
	b := &Builder{
		simplify: true,
		terms:    make(map[termKey]*Term),
		sorts:    make(map[string]*Sort),
		fresh:    make(map[string]int),
	}
	for _, o := range opts {
		o(b)
	}
	b.boolSort = b.canon(BoolSort())
	b.tru = b.mk(OpConst, b.boolSort, nil, 0, 0, RNE, "", NewBitVec(1, 1))
	b.fls = b.mk(OpConst, b.boolSort, nil, 0, 0, RNE, "", NewBitVec(1, 0))
	return b
}

// Simplifies reports whether the Builder simplifies.
func (b *Builder) Simplifies() bool { return b.simplify }

// NumTerms is the number of distinct terms built so far.
func (b *Builder) NumTerms() int { return len(b.terms) }

// Ops counts the terms asked for so far, new or hash-consed, weighted by
// their arguments: deterministic, and about proportional to the time
// spent building (symbolic execution asks for many more terms than it
// creates when it reads through long chains of stores).
func (b *Builder) Ops() int64 { return b.ops }

// canon returns the Builder's canonical pointer for s.
func (b *Builder) canon(s *Sort) *Sort {
	if s == nil {
		panic("smt: nil sort")
	}
	if c, ok := b.sorts[s.key]; ok {
		return c
	}
	c := *s
	if c.kind == KindArray {
		c.index = b.canon(c.index)
		c.elem = b.canon(c.elem)
	}
	b.sorts[c.key] = &c
	return &c
}

func (b *Builder) bvSort(w int) *Sort {
	if w < len(b.bvSorts) && b.bvSorts[w] != nil {
		return b.bvSorts[w]
	}
	s := b.canon(BVSort(w))
	if w < 4096 {
		for len(b.bvSorts) <= w {
			b.bvSorts = append(b.bvSorts, nil)
		}
		b.bvSorts[w] = s
	}
	return s
}

// mk returns the unique term with the given structure, creating it if needed.
func (b *Builder) mk(op Op, s *Sort, args []*Term, i0, i1 int, rm RoundingMode, name string, val BitVec) *Term {
	k := termKey{op: op, rm: rm, sort: s, i0: i0, i1: i1, lo: val.lo}
	b.ops += 1 + int64(len(args))
	for _, a := range args {
		if a.b != b {
			panic("smt: term from another Builder")
		}
	}
	switch len(args) {
	default:
		buf := b.keyBuf[:0]
		for _, a := range args[3:] {
			buf = binary.AppendUvarint(buf, a.id)
		}
		b.keyBuf = buf
		k.rest = string(buf)
		fallthrough
	case 3:
		k.a2 = args[2]
		fallthrough
	case 2:
		k.a1 = args[1]
		fallthrough
	case 1:
		k.a0 = args[0]
	case 0:
	}
	if op == OpVar {
		k.rest = name
	} else if val.big != nil {
		k.rest = string(val.big.Bytes())
	}
	if t, ok := b.terms[k]; ok {
		return t
	}
	b.nextID++
	t := &Term{id: b.nextID, b: b, op: op, rm: rm, sort: s, idx: [2]int{i0, i1}, name: name, val: val}
	if len(args) > 0 {
		t.args = append([]*Term(nil), args...)
	}
	b.terms[k] = t
	return t
}

func (b *Builder) mk1(op Op, s *Sort, x *Term) *Term {
	return b.mk(op, s, []*Term{x}, 0, 0, RNE, "", BitVec{})
}

func (b *Builder) mk2(op Op, s *Sort, x, y *Term) *Term {
	return b.mk(op, s, []*Term{x, y}, 0, 0, RNE, "", BitVec{})
}

func (b *Builder) mk3(op Op, s *Sort, x, y, z *Term) *Term {
	return b.mk(op, s, []*Term{x, y, z}, 0, 0, RNE, "", BitVec{})
}

func sortPanic(op string, ts ...*Term) {
	msg := "smt: ill-sorted " + op + "("
	for i, t := range ts {
		if i > 0 {
			msg += ", "
		}
		msg += t.sort.key
	}
	panic(msg + ")")
}

func (b *Builder) checkBool(op string, ts ...*Term) {
	for _, t := range ts {
		if t.sort.kind != KindBool {
			sortPanic(op, ts...)
		}
	}
}

// True is the constant true.
func (b *Builder) True() *Term { return b.tru }

// False is the constant false.
func (b *Builder) False() *Term { return b.fls }

// BoolConst returns true or false.
func (b *Builder) BoolConst(v bool) *Term {
	if v {
		return b.tru
	}
	return b.fls
}

// Var returns the free constant with the given name and sort; the same name
// and sort always give the same term. Names containing '!' are reserved for
// Fresh. Solvers identify variables by name and sort.
func (b *Builder) Var(name string, s *Sort) *Term {
	return b.mk(OpVar, b.canon(s), nil, 0, 0, RNE, name, BitVec{})
}

// Fresh returns a variable that no earlier Var or Fresh call of this Builder
// returned, named prefix!N.
func (b *Builder) Fresh(prefix string, s *Sort) *Term {
	s = b.canon(s)
	for {
		b.fresh[prefix]++
		name := prefix + "!" + strconv.Itoa(b.fresh[prefix])
		k := termKey{op: OpVar, sort: s, rest: name}
		if _, taken := b.terms[k]; !taken {
			return b.Var(name, s)
		}
	}
}

// Not is Boolean negation.
func (b *Builder) Not(x *Term) *Term {
	b.checkBool("not", x)
	if b.simplify {
		if v, ok := x.BoolConst(); ok {
			return b.BoolConst(!v)
		}
		if x.op == OpNot {
			return x.args[0]
		}
	}
	return b.mk1(OpNot, b.boolSort, x)
}

// And is n-ary conjunction; And() is true.
func (b *Builder) And(xs ...*Term) *Term { return b.junction(OpAnd, xs) }

// Or is n-ary disjunction; Or() is false.
func (b *Builder) Or(xs ...*Term) *Term { return b.junction(OpOr, xs) }

// junction builds And or Or. The simplified form drops neutral elements,
// duplicates and is absorbed by the absorbing element or a complementary
// pair; arguments are sorted by ID so that argument order does not matter.
// Nested junctions are deliberately not flattened: path conditions are long
// chains of And(prev, c), and flattening them would copy O(n²) arguments.
func (b *Builder) junction(op Op, xs []*Term) *Term {
	name := "and"
	neutral, absorbing := b.tru, b.fls
	if op == OpOr {
		name = "or"
		neutral, absorbing = b.fls, b.tru
	}
	b.checkBool(name, xs...)
	if !b.simplify {
		return b.junctionOf(op, neutral, xs)
	}
	args := make([]*Term, 0, len(xs))
	for _, x := range xs {
		if x == absorbing {
			return absorbing
		}
		if x != neutral {
			args = append(args, x)
		}
	}
	sort.Slice(args, func(i, j int) bool { return args[i].id < args[j].id })
	out := args[:0]
	for i, x := range args {
		if i > 0 && x == args[i-1] {
			continue
		}
		out = append(out, x)
	}
	args = out
	if len(args) > 1 {
		set := make(map[*Term]struct{}, len(args))
		for _, x := range args {
			set[x] = struct{}{}
		}
		for _, x := range args {
			if x.op == OpNot {
				if _, ok := set[x.args[0]]; ok {
					return absorbing
				}
			}
		}
	}
	return b.junctionOf(op, neutral, args)
}

// junctionOf is the and or or (op) of args as they are: neutral for none,
// the one for one.
func (b *Builder) junctionOf(op Op, neutral *Term, args []*Term) *Term {
	switch len(args) {
	case 0:
		return neutral
	case 1:
		return args[0]
	}
	return b.mk(op, b.boolSort, args, 0, 0, RNE, "", BitVec{})
}

// Implies is a ⇒ c, built as Or(Not(a), c).
func (b *Builder) Implies(a, c *Term) *Term { return b.Or(b.Not(a), c) }

// Xor is Boolean exclusive or.
func (b *Builder) Xor(x, y *Term) *Term {
	b.checkBool("xor", x, y)
	if b.simplify {
		if y.id < x.id {
			x, y = y, x
		}
		xv, xc := x.BoolConst()
		yv, yc := y.BoolConst()
		switch {
		case xc && yc:
			return b.BoolConst(xv != yv)
		case x == y:
			return b.fls
		case xc:
			if xv {
				return b.Not(y)
			}
			return y
		case yc:
			if yv {
				return b.Not(x)
			}
			return x
		case x.op == OpNot && x.args[0] == y, y.op == OpNot && y.args[0] == x:
			return b.tru
		}
	}
	return b.mk2(OpXor, b.boolSort, x, y)
}

// Ite is if-then-else over any sort.
func (b *Builder) Ite(c, x, y *Term) *Term {
	b.checkBool("ite", c)
	if x.sort != y.sort {
		sortPanic("ite", c, x, y)
	}
	if b.simplify {
		if v, ok := c.BoolConst(); ok {
			if v {
				return x
			}
			return y
		}
		if x == y {
			return x
		}
		if c.op == OpNot {
			return b.Ite(c.args[0], y, x)
		}
		// Nested ites on the same condition: the inner one is decided.
		if x.op == OpIte && x.args[0] == c {
			return b.Ite(c, x.args[1], y)
		}
		if y.op == OpIte && y.args[0] == c {
			return b.Ite(c, x, y.args[2])
		}
		if x.sort.kind == KindBool {
			switch {
			case x == b.tru && y == b.fls:
				return c
			case x == b.fls && y == b.tru:
				return b.Not(c)
			case x == b.tru:
				return b.Or(c, y)
			case x == b.fls:
				return b.And(b.Not(c), y)
			case y == b.tru:
				return b.Or(b.Not(c), x)
			case y == b.fls:
				return b.And(c, x)
			}
		}
	}
	return b.mk3(OpIte, x.sort, c, x, y)
}

// Eq is SMT-LIB equality over any sort. On floating point it is identity of
// values (NaN = NaN, +0 ≠ -0); use FPEq for C's ==.
func (b *Builder) Eq(x, y *Term) *Term {
	if x.sort != y.sort {
		sortPanic("=", x, y)
	}
	if b.simplify {
		if r := b.simplifyEq(x, y); r != nil {
			return r
		}
		// Canonical order: constants second, otherwise by ID.
		if x.op == OpConst || (y.op != OpConst && y.id < x.id) {
			x, y = y, x
		}
	}
	return b.mk2(OpEq, b.boolSort, x, y)
}

func (b *Builder) simplifyEq(x, y *Term) *Term {
	if x == y {
		return b.tru
	}
	if x.op == OpConst && y.op == OpConst {
		// Constants are hash-consed and FP NaNs canonical, so distinct
		// constant terms are distinct values; compare values anyway so that
		// this never rests on hash-consing alone.
		return b.BoolConst(x.val.Equal(y.val))
	}
	if y.op == OpConst && x.op != OpConst {
		x, y = y, x
	}
	// From here on, if one side is a constant it is x.
	switch x.sort.kind {
	case KindBool:
		if v, ok := x.BoolConst(); ok {
			if v {
				return y
			}
			return b.Not(y)
		}
		if (x.op == OpNot && x.args[0] == y) || (y.op == OpNot && y.args[0] == x) {
			return b.fls
		}
	case KindBV:
		if x.op != OpConst {
			break
		}
		c := x.val
		switch y.op {
		case OpBVAdd:
			// y = z + k (k constant, kept second by BVAdd): z = c - k.
			if k, ok := y.args[1].BVConst(); ok {
				return b.Eq(y.args[0], b.BVConst(c.bvSub(k)))
			}
		case OpBVNot:
			return b.Eq(y.args[0], b.BVConst(c.bvNot()))
		case OpBVNeg:
			return b.Eq(y.args[0], b.BVConst(c.bvNeg()))
		case OpZeroExt:
			inner := y.args[0]
			if c.leadingZeros() < y.idx[0] {
				return b.fls
			}
			return b.Eq(inner, b.BVConst(c.extract(inner.sort.width-1, 0)))
		case OpIte:
			k1, ok1 := y.args[1].BVConst()
			k2, ok2 := y.args[2].BVConst()
			if ok1 && ok2 {
				e1, e2 := k1.Equal(c), k2.Equal(c)
				switch {
				case e1 && e2:
					return b.tru
				case e1:
					return y.args[0]
				case e2:
					return b.Not(y.args[0])
				default:
					return b.fls
				}
			}
		}
	}
	return nil
}

func (b *Builder) String() string {
	return fmt.Sprintf("smt.Builder{terms: %d, simplify: %v}", len(b.terms), b.simplify)
}
