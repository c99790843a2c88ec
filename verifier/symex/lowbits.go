package symex

import (
	"math/bits"

	"github.com/prbmc/prbmc/verifier/smt"
)

// Known low bits of index terms.
//
// A read at a symbolic cell index through stores at symbolic indices
// becomes an if-then-else over every store (readCellDepth). In an array of
// structs most of those stores cannot alias the read: s[j].type is at
// 16j and s[i].ptr at 16i+8, so the two indices differ modulo 16 whatever
// i and j are. lowBits reads that off the terms' structure (constants,
// sums, products and shifts by constants, concatenations, extensions,
// if-then-else), so such stores are skipped without asking the solver and
// a pointer read back from memory still names only the objects stored
// there.

// lowBits is what is known of the low bits of a term: n bits, value v.
type lowBits struct {
	n int
	v uint64
}

func (l lowBits) trim(n int) lowBits {
	n = min(n, l.n, 64)
	if n <= 0 {
		return lowBits{}
	}
	return lowBits{n: n, v: l.v & mask(n)}
}

func mask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(n) - 1
}

// disjoint reports whether two terms with these known low bits can never
// be equal.
func disjoint(a, b lowBits) bool {
	n := min(a.n, b.n)
	return n > 0 && a.v&mask(n) != b.v&mask(n)
}

// lowBitsOf returns the known low bits of bit-vector term t (memoised).
func (x *executor) lowBitsOf(t *smt.Term) lowBits {
	if l, ok := x.lowMemo[t.ID()]; ok {
		return l
	}
	l := x.computeLowBits(t)
	if x.lowMemo == nil {
		x.lowMemo = map[uint64]lowBits{}
	}
	x.lowMemo[t.ID()] = l
	return l
}

func (x *executor) computeLowBits(t *smt.Term) lowBits {
	if t.Sort().Kind() != smt.KindBV {
		return lowBits{}
	}
	w := t.Sort().Width()
	if bv, ok := t.BVConst(); ok {
		n := min(w, 64)
		var v uint64
		for i := n - 1; i >= 0; i-- {
			v <<= 1
			if bv.Bit(i) {
				v |= 1
			}
		}
		return lowBits{n: n, v: v}
	}
	switch t.Op() {
	case smt.OpBVAdd, smt.OpBVSub:
		l := x.lowBitsOf(t.Arg(0))
		for i := 1; i < t.NumArgs(); i++ {
			r := x.lowBitsOf(t.Arg(i))
			n := min(l.n, r.n)
			if t.Op() == smt.OpBVAdd {
				l = lowBits{n: n, v: l.v + r.v}.trim(n)
			} else {
				l = lowBits{n: n, v: l.v - r.v}.trim(n)
			}
		}
		return l
	case smt.OpBVMul:
		// a·c mod 2^(n+tz(c)) depends only on a mod 2^n: a known low bits
		// of a give n+tz(c) of the product, and an unknown a still gives
		// tz(c) zero bits.
		if t.NumArgs() != 2 {
			return lowBits{}
		}
		a, c := t.Arg(0), t.Arg(1)
		if _, ok := a.BVConst(); ok {
			a, c = c, a
		}
		cb := x.lowBitsOf(c)
		if cb.n < min(w, 64) {
			return lowBits{}
		}
		if cb.v == 0 {
			return cb
		}
		tz := bits.TrailingZeros64(cb.v)
		la := x.lowBitsOf(a)
		return lowBits{n: la.n + tz, v: la.v * cb.v}.trim(min(w, la.n+tz))
	case smt.OpBVShl:
		s := x.lowBitsOf(t.Arg(1))
		if s.n < min(w, 64) || s.v >= uint64(w) {
			return lowBits{}
		}
		la := x.lowBitsOf(t.Arg(0))
		sh := int(s.v)
		if sh >= 64 {
			return lowBits{n: 64}
		}
		return lowBits{n: la.n + sh, v: la.v << uint(sh)}.trim(min(w, la.n+sh))
	case smt.OpConcat:
		h, l := t.Arg(0), t.Arg(1)
		ll := x.lowBitsOf(l)
		wl := l.Sort().Width()
		if ll.n < wl || wl >= 64 {
			return ll
		}
		hl := x.lowBitsOf(h)
		return lowBits{n: wl + hl.n, v: ll.v | hl.v<<uint(wl)}.trim(wl + hl.n)
	case smt.OpZeroExt, smt.OpSignExt:
		return x.lowBitsOf(t.Arg(0))
	case smt.OpExtract:
		idx := t.Indices()
		hi, lo := idx[0], idx[1]
		la := x.lowBitsOf(t.Arg(0))
		if la.n <= lo {
			return lowBits{}
		}
		return lowBits{n: la.n - lo, v: la.v >> uint(lo)}.trim(hi - lo + 1)
	case smt.OpIte:
		a, b := x.lowBitsOf(t.Arg(1)), x.lowBitsOf(t.Arg(2))
		n := min(a.n, b.n)
		if d := (a.v ^ b.v) & mask(n); d != 0 {
			n = bits.TrailingZeros64(d)
		}
		return lowBits{n: n, v: a.v}.trim(n)
	}
	return lowBits{}
}
