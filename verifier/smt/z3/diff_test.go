package z3

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/internal/termgen"
)

// The simplifier is checked against Z3: every term is built twice, by a
// simplifying Builder and by one WithoutSimplification, and Z3 must prove
// the two equal. Variables are shared by name, so both forms speak of the
// same unknowns.

type pair struct {
	raw, simp *smt.Term
	what      string
}

// differential is what each test below starts with: a solver, and the
// builder without simplification and the one with it.
func differential(t *testing.T) (s *Solver, raw, simp *smt.Builder) {
	t.Helper()
	return newSolver(t), smt.NewBuilder(smt.WithoutSimplification()), smt.NewBuilder()
}

// proveEqual checks that raw = simp for every pair, several pairs per query.
func proveEqual(t *testing.T, s *Solver, raw *smt.Builder, pairs []pair, batch int) (unknown int) {
	t.Helper()
	for start := 0; start < len(pairs); start += batch {
		group := pairs[start:min(start+batch, len(pairs))]
		// Carry the simplified term into the raw builder through the
		// solver: both are asserted in one query.
		diffs := make([]*smt.Term, len(group))
		for i, p := range group {
			diffs[i] = raw.Not(raw.Eq(p.raw, reconstruct(raw, p.simp)))
		}
		must(t, s.Push())
		must(t, s.Assert(raw.Or(diffs...)))
		ctx, cancel := context.WithTimeout(bg, 20*time.Second)
		r, err := s.Check(ctx)
		cancel()
		must(t, err)
		switch r {
		case smt.Unknown:
			unknown++
		case smt.Sat:
			m, _ := s.Model()
			for i, p := range group {
				v, err := m.Eval(diffs[i])
				must(t, err)
				if v.Bool() {
					rv, _ := m.Eval(p.raw)
					sv, _ := m.Eval(reconstruct(raw, p.simp))
					t.Errorf("%s: simplification is wrong\n raw:  %v = %v\n simp: %v = %v",
						p.what, p.raw, rv, p.simp, sv)
				}
			}
		}
		must(t, s.Pop(1))
	}
	return unknown
}

// reconstruct rebuilds a term of one Builder in another, structurally (the
// target does not simplify, so the structure is kept).
func reconstruct(b *smt.Builder, t *smt.Term) *smt.Term {
	memo := map[*smt.Term]*smt.Term{}
	var rec func(t *smt.Term) *smt.Term
	rec = func(t *smt.Term) *smt.Term {
		if r, ok := memo[t]; ok {
			return r
		}
		a := make([]*smt.Term, t.NumArgs())
		for i := range a {
			a[i] = rec(t.Arg(i))
		}
		var r *smt.Term
		s := t.Sort()
		switch t.Op() {
		case smt.OpConst:
			switch {
			case s.IsBool():
				r = b.BoolConst(t.IsTrue())
			case s.IsBV():
				v, _ := t.BVConst()
				r = b.BVConst(v)
			default:
				v, _ := t.FPConstBits()
				r = b.FPConstBits(s, v)
			}
		case smt.OpVar:
			r = b.Var(t.Name(), s)
		case smt.OpNot:
			r = b.Not(a[0])
		case smt.OpAnd:
			r = b.And(a...)
		case smt.OpOr:
			r = b.Or(a...)
		case smt.OpXor:
			r = b.Xor(a[0], a[1])
		case smt.OpIte:
			r = b.Ite(a[0], a[1], a[2])
		case smt.OpEq:
			r = b.Eq(a[0], a[1])
		case smt.OpExtract:
			r = b.Extract(t.Indices()[0], t.Indices()[1], a[0])
		case smt.OpZeroExt:
			r = b.ZeroExt(t.Indices()[0], a[0])
		case smt.OpSignExt:
			r = b.SignExt(t.Indices()[0], a[0])
		case smt.OpConcat:
			r = b.Concat(a[0], a[1])
		case smt.OpSelect:
			r = b.Select(a[0], a[1])
		case smt.OpStore:
			r = b.Store(a[0], a[1], a[2])
		case smt.OpConstArray:
			r = b.ConstArray(s, a[0])
		case smt.OpFPToSBV:
			r = b.FPToSBV(t.Indices()[0], a[0])
		case smt.OpFPToUBV:
			r = b.FPToUBV(t.Indices()[0], a[0])
		case smt.OpFPRoundToIntegral:
			r = b.FPRoundToIntegral(t.RoundingMode(), a[0])
		case smt.OpFPFromBits:
			r = b.FPFromBits(s, a[0])
		case smt.OpFPFromSBV:
			r = b.FPFromSBV(s, a[0])
		case smt.OpFPFromUBV:
			r = b.FPFromUBV(s, a[0])
		case smt.OpFPToFP:
			r = b.FPToFP(s, a[0])
		default:
			f, ok := termgen.Unary[t.Op()]
			if ok && len(a) == 1 {
				r = f(b, a[0])
			} else if g, ok := termgen.Binary[t.Op()]; ok {
				r = g(b, a[0], a[1])
			} else {
				panic("reconstruct: " + t.Op().String())
			}
		}
		memo[t] = r
		return r
	}
	return rec(t)
}

func bvEdge(w int, r *rand.Rand) []smt.BitVec {
	one := big.NewInt(1)
	m := new(big.Int).Lsh(one, uint(w))
	half := new(big.Int).Lsh(one, uint(w-1))
	vals := []*big.Int{big.NewInt(0), one, new(big.Int).Sub(m, one), half, new(big.Int).Sub(half, one),
		big.NewInt(int64(w)), big.NewInt(2), big.NewInt(-3)}
	for i := 0; i < 4; i++ {
		vals = append(vals, new(big.Int).Rand(r, m))
	}
	out := make([]smt.BitVec, len(vals))
	for i, v := range vals {
		out[i] = smt.BitVecFromBig(w, v)
	}
	return out
}

// TestConstantFoldingAgainstZ3 folds every BV operator on edge constants of
// several widths and has Z3 confirm each result.
func TestConstantFoldingAgainstZ3(t *testing.T) {
	s, raw, simp := differential(t)
	r := rand.New(rand.NewSource(2))
	var pairs []pair
	for _, w := range []int{1, 3, 8, 16, 32, 33, 64, 65, 128} {
		vals := bvEdge(w, r)
		for op, f := range termgen.Binary {
			if op >= smt.OpFPAdd {
				continue
			}
			for _, x := range vals {
				for _, y := range vals {
					st := f(simp, simp.BVConst(x), simp.BVConst(y))
					if !st.IsConst() {
						t.Fatalf("%v not folded", st)
					}
					pairs = append(pairs, pair{f(raw, raw.BVConst(x), raw.BVConst(y)), st,
						fmt.Sprintf("%v w=%d %v %v", op, w, x, y)})
				}
			}
		}
		for _, x := range vals {
			for op, f := range termgen.Unary {
				if op >= smt.OpFPSqrt {
					continue
				}
				pairs = append(pairs, pair{f(raw, raw.BVConst(x)), f(simp, simp.BVConst(x)), op.String()})
			}
			for _, n := range []int{1, 5, 64} {
				pairs = append(pairs,
					pair{raw.ZeroExt(n, raw.BVConst(x)), simp.ZeroExt(n, simp.BVConst(x)), "zext"},
					pair{raw.SignExt(n, raw.BVConst(x)), simp.SignExt(n, simp.BVConst(x)), "sext"})
			}
			hi, lo := w-1, w/2
			pairs = append(pairs,
				pair{raw.Extract(hi, lo, raw.BVConst(x)), simp.Extract(hi, lo, simp.BVConst(x)), "extract"},
				pair{raw.Concat(raw.BVConst(x), raw.BVConst(vals[len(vals)-1])),
					simp.Concat(simp.BVConst(x), simp.BVConst(vals[len(vals)-1])), "concat"})
		}
	}
	if u := proveEqual(t, s, raw, pairs, 400); u > 0 {
		t.Errorf("%d unknown batches", u)
	}
	t.Logf("%d folded BV constants confirmed", len(pairs))
}

func fpEdge(s *smt.Sort, r *rand.Rand) []smt.BitVec {
	var vals []uint64
	if s.Width() == 32 {
		for _, f := range []float32{0, 1, -1, 0.1, 1.5, 2.5, -2.5, 3, 0.5, -0.5, 1e10, -1e-10, 16777217,
			math.MaxFloat32, math.SmallestNonzeroFloat32, 1.17549435e-38, 2147483648, -2147483904, 255.5} {
			vals = append(vals, uint64(math.Float32bits(f)))
		}
		vals = append(vals, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x807fffff, 0x00000003)
		for i := 0; i < 5; i++ {
			vals = append(vals, uint64(r.Uint32()))
		}
	} else {
		for _, f := range []float64{0, 1, -1, 0.1, 1.5, 2.5, -2.5, 3, 0.5, -0.5, 1e300, -1e-300, 9007199254740993,
			math.MaxFloat64, math.SmallestNonzeroFloat64, 2.2250738585072014e-308, 9.223372036854775807e18,
			-9.223372036854775808e18, 1.8446744073709552e19, 4294967295.7} {
			vals = append(vals, math.Float64bits(f))
		}
		vals = append(vals, 0x8000000000000000, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, 0x000fffffffffffff)
		for i := 0; i < 5; i++ {
			vals = append(vals, r.Uint64())
		}
	}
	out := make([]smt.BitVec, len(vals))
	for i, v := range vals {
		out[i] = smt.NewBitVec(s.Width(), v)
	}
	return out
}

// TestFPFoldingAgainstZ3 does the same for float and double: Go's IEEE
// arithmetic must agree bit for bit with Z3's FPA theory.
func TestFPFoldingAgainstZ3(t *testing.T) {
	s, raw, simp := differential(t)
	r := rand.New(rand.NewSource(3))
	var pairs []pair
	folded := func(what string, rt, st *smt.Term) {
		if !st.IsConst() {
			t.Errorf("%s: not folded: %v", what, st)
			return
		}
		pairs = append(pairs, pair{rt, st, what})
	}
	for _, srt := range []*smt.Sort{smt.Float32Sort(), smt.Float64Sort()} {
		other := smt.Float64Sort()
		if srt.Width() == 64 {
			other = smt.Float32Sort()
		}
		vals := fpEdge(srt, r)
		c := func(b *smt.Builder, v smt.BitVec) *smt.Term { return b.FPConstBits(srt, v) }
		for _, x := range vals {
			for _, y := range vals {
				for op, f := range termgen.Binary {
					if op < smt.OpFPAdd {
						continue
					}
					folded(fmt.Sprintf("%v %v %v", op, x, y), f(raw, c(raw, x), c(raw, y)), f(simp, c(simp, x), c(simp, y)))
				}
			}
			for op, f := range termgen.Unary {
				if op < smt.OpFPSqrt {
					continue
				}
				folded(fmt.Sprintf("%v %v", op, x), f(raw, c(raw, x)), f(simp, c(simp, x)))
			}
			for rm := smt.RNE; rm <= smt.RTZ; rm++ {
				folded(fmt.Sprintf("rti %v %v", rm, x), raw.FPRoundToIntegral(rm, c(raw, x)), simp.FPRoundToIntegral(rm, c(simp, x)))
			}
			folded(fmt.Sprintf("to_fp %v", x), raw.FPToFP(other, c(raw, x)), simp.FPToFP(other, c(simp, x)))
			folded(fmt.Sprintf("from_bits %v", x), raw.FPFromBits(srt, raw.BVConst(x)), simp.FPFromBits(srt, simp.BVConst(x)))
			for _, w := range []int{8, 16, 32, 64} {
				if st := simp.FPToSBV(w, c(simp, x)); st.IsConst() {
					pairs = append(pairs, pair{raw.FPToSBV(w, c(raw, x)), st, fmt.Sprintf("to_sbv %d %v", w, x)})
				}
				if st := simp.FPToUBV(w, c(simp, x)); st.IsConst() {
					pairs = append(pairs, pair{raw.FPToUBV(w, c(raw, x)), st, fmt.Sprintf("to_ubv %d %v", w, x)})
				}
			}
		}
		for _, w := range []int{1, 8, 24, 25, 32, 53, 54, 64, 128} {
			for _, v := range bvEdge(w, r) {
				folded(fmt.Sprintf("from_sbv %v", v), raw.FPFromSBV(srt, raw.BVConst(v)), simp.FPFromSBV(srt, simp.BVConst(v)))
				folded(fmt.Sprintf("from_ubv %v", v), raw.FPFromUBV(srt, raw.BVConst(v)), simp.FPFromUBV(srt, simp.BVConst(v)))
			}
		}
		// Integers around the rounding boundaries of the significand.
		for _, base := range []int64{1 << 24, 1 << 53, 1<<62 + 1<<39} {
			for d := int64(-3); d <= 3; d++ {
				v := smt.BitVecFromInt64(64, base+d)
				folded(fmt.Sprintf("from_sbv %v", v), raw.FPFromSBV(srt, raw.BVConst(v)), simp.FPFromSBV(srt, simp.BVConst(v)))
				v = smt.NewBitVec(64, uint64(base+d)<<1|1)
				folded(fmt.Sprintf("from_ubv %v", v), raw.FPFromUBV(srt, raw.BVConst(v)), simp.FPFromUBV(srt, simp.BVConst(v)))
			}
		}
	}
	if u := proveEqual(t, s, raw, pairs, 200); u > 0 {
		t.Errorf("%d unknown batches", u)
	}
	t.Logf("%d folded FP constants confirmed", len(pairs))
}

// randomPairs draws n random terms, the i-th from seed seed0+i, each
// twice: term gets a generator over raw and one over simp with the same
// seed, so both draw the same term.
func randomPairs(raw, simp *smt.Builder, n int, seed0 int64, term func(i int, g1, g2 *termgen.Gen) (*smt.Term, *smt.Term)) []pair {
	var pairs []pair
	for i := 0; i < n; i++ {
		seed := seed0 + int64(i)
		g1 := termgen.New(raw, rand.New(rand.NewSource(seed)))
		g2 := termgen.New(simp, rand.New(rand.NewSource(seed)))
		rt, st := term(i, g1, g2)
		pairs = append(pairs, pair{rt, st, fmt.Sprintf("seed %d", seed)})
	}
	return pairs
}

// TestSimplifierAgainstZ3 builds random terms in both Builders and
// proves each simplified term equivalent to the raw one: Boolean,
// bit-vector and array terms, and floating-point ones (fewer, smaller
// queries, more unknowns let pass: Z3 is slower on them).
func TestSimplifierAgainstZ3(t *testing.T) {
	for _, tc := range []struct {
		name       string
		n, short   int   // terms drawn, and with -short
		seed0      int64 // the first term's seed
		batch      int   // pairs a query
		unknownPer int   // one unknown batch is let pass per unknownPer pairs
		term       func(i int, g1, g2 *termgen.Gen) (*smt.Term, *smt.Term)
	}{
		{"bool-bv", 600, 150, 1000, 10, 100, func(i int, g1, g2 *termgen.Gen) (*smt.Term, *smt.Term) {
			if i%2 == 0 {
				return g1.Bool(4), g2.Bool(4)
			}
			w := []int{1, 4, 8, 16}[i/2%4]
			return g1.BV(w, 4), g2.BV(w, 4)
		}},
		{"fp", 80, 20, 5000, 5, 20, func(i int, g1, g2 *termgen.Gen) (*smt.Term, *smt.Term) {
			if i%2 == 0 {
				return g1.FPBool(3), g2.FPBool(3)
			}
			return g1.FP(3), g2.FP(3)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := tc.n
			if testing.Short() {
				n = tc.short
			}
			s, raw, simp := differential(t)
			pairs := randomPairs(raw, simp, n, tc.seed0, tc.term)
			changed := 0
			for _, p := range pairs {
				if p.raw.String() != p.simp.String() {
					changed++
				}
			}
			start := time.Now()
			u := proveEqual(t, s, raw, pairs, tc.batch)
			t.Logf("%d random terms (%d changed by the simplifier) proved in %v; %d unknown batches",
				len(pairs), changed, time.Since(start), u)
			if u > len(pairs)/tc.unknownPer {
				t.Errorf("too many unknowns: %d", u)
			}
		})
	}
}

// rewritePatterns builds one term for every rewrite rule of the Builder
// (and a few near misses), over free variables.
func rewritePatterns(b *smt.Builder) []*smt.Term {
	bv8, bv16 := smt.BVSort(8), smt.BVSort(16)
	x, y := b.Var("x", bv8), b.Var("y", bv8)
	w := b.Var("w", bv16)
	p, q := b.Var("p", smt.BoolSort()), b.Var("q", smt.BoolSort())
	f, g := b.Var("f", smt.Float32Sort()), b.Var("g", smt.Float32Sort())
	d := b.Var("d", smt.Float64Sort())
	as := smt.ArraySort(bv8, bv8)
	m := b.Var("m", as)
	c := func(v int64) *smt.Term { return b.BVInt(8, v) }
	zero, one, ones := c(0), c(1), c(-1)
	var ts []*smt.Term
	add := func(t ...*smt.Term) { ts = append(ts, t...) }
	for _, k := range []*smt.Term{zero, one, ones, c(2), c(7), c(8), c(9), c(-128), x} {
		add(b.BVAdd(x, k), b.BVAdd(k, x), b.BVSub(x, k), b.BVSub(k, x), b.BVMul(x, k), b.BVMul(k, x),
			b.BVUDiv(x, k), b.BVUDiv(k, x), b.BVURem(x, k), b.BVURem(k, x),
			b.BVSDiv(x, k), b.BVSDiv(k, x), b.BVSRem(x, k), b.BVSRem(k, x),
			b.BVShl(x, k), b.BVShl(k, x), b.BVLShr(x, k), b.BVLShr(k, x), b.BVAShr(x, k), b.BVAShr(k, x),
			b.BVAnd(x, k), b.BVOr(x, k), b.BVXor(x, k),
			b.BVUlt(x, k), b.BVUlt(k, x), b.BVUle(x, k), b.BVUle(k, x),
			b.BVSlt(x, k), b.BVSlt(k, x), b.BVSle(x, k), b.BVSle(k, x),
			b.Eq(b.BVAdd(x, c(3)), k), b.Eq(b.BVNot(x), k), b.Eq(b.BVNeg(x), k),
			b.Eq(b.ZeroExt(8, x), b.ZeroExt(8, k)), b.Eq(b.ZeroExt(8, x), b.BVUint(16, 0x100)),
			b.Eq(b.Ite(p, c(1), c(0)), k), b.Eq(b.Ite(p, c(7), c(7)), k),
			b.Select(b.Store(m, k, y), x), b.Select(b.Store(b.Store(m, c(1), y), c(2), x), k))
	}
	add(b.BVAdd(b.BVAdd(x, c(100)), c(200)), b.BVMul(b.BVMul(x, c(3)), c(5)), b.BVSub(b.BVAdd(x, one), one),
		b.BVAnd(x, b.BVNot(x)), b.BVOr(b.BVNot(x), x), b.BVXor(x, b.BVNot(x)), b.BVNot(b.BVNot(x)), b.BVNeg(b.BVNeg(x)),
		b.Extract(7, 0, w), b.Extract(3, 0, b.Extract(11, 4, w)), b.Extract(7, 0, b.Concat(x, y)),
		b.Extract(15, 8, b.Concat(x, y)), b.Extract(11, 4, b.Concat(x, y)),
		b.Extract(7, 0, b.ZeroExt(8, x)), b.Extract(15, 8, b.ZeroExt(8, x)), b.Extract(11, 4, b.ZeroExt(8, x)),
		b.Extract(7, 0, b.SignExt(8, x)), b.Extract(15, 8, b.SignExt(8, x)), b.Extract(11, 4, b.SignExt(8, x)),
		b.Extract(15, 15, b.SignExt(8, x)),
		b.Concat(b.Extract(15, 8, w), b.Extract(7, 0, w)), b.Concat(b.Extract(15, 9, w), b.Extract(7, 0, w)),
		b.Concat(b.Extract(15, 12, w), b.Concat(b.Extract(11, 4, w), b.Extract(3, 0, w))),
		b.Concat(b.Concat(b.Extract(15, 12, w), b.Extract(11, 4, w)), b.Extract(3, 0, w)),
		b.ZeroExt(4, b.ZeroExt(4, x)), b.SignExt(4, b.SignExt(4, x)), b.SignExt(4, b.ZeroExt(4, x)),
		b.Ite(p, x, x), b.Ite(b.Not(p), x, y), b.Ite(p, b.Ite(p, x, y), one), b.Ite(p, one, b.Ite(p, x, y)),
		b.Ite(p, b.True(), q), b.Ite(p, b.False(), q), b.Ite(p, q, b.True()), b.Ite(p, q, b.False()),
		b.Ite(p, b.True(), b.False()), b.Ite(p, b.False(), b.True()),
		b.And(p, q, p), b.And(p, b.Not(p)), b.Or(p, b.Not(p), q), b.Xor(p, p), b.Xor(p, b.Not(p)),
		b.Xor(p, b.True()), b.Eq(p, b.True()), b.Eq(p, b.False()), b.Eq(p, b.Not(p)), b.Implies(p, q),
		b.Store(b.Store(m, x, y), x, one), b.Store(m, x, b.Select(m, x)),
		b.Store(b.ConstArray(as, one), x, one), b.Select(b.ConstArray(as, one), x),
		b.Select(b.Store(m, b.BVAdd(x, one), y), b.BVAdd(x, c(2))), b.Select(b.Store(m, b.BVAdd(x, one), y), x),
		b.FPToBits(b.FPNeg(b.FPNeg(f))), b.FPToBits(b.FPAbs(b.FPAbs(f))), b.FPToBits(b.FPAbs(b.FPNeg(f))),
		b.FPToBits(b.FPFromBits(smt.Float32Sort(), b.FPToBits(f))), b.FPToBits(b.FPToFP(smt.Float32Sort(), f)),
		b.FPLt(f, f), b.FPLe(f, f), b.FPEq(f, f), b.Eq(f, f), b.FPLt(f, g),
		b.FPToBits(b.FPToFP(smt.Float32Sort(), d)), b.FPToBits(b.FPFromBits(smt.Float32Sort(), b.Concat(w, w))),
	)
	return ts
}

// TestRewritesAgainstZ3 proves every rewrite rule sound on symbolic
// arguments (the random tests hit them only by chance).
func TestRewritesAgainstZ3(t *testing.T) {
	s, raw, simp := differential(t)
	rs, ss := rewritePatterns(raw), rewritePatterns(simp)
	var pairs []pair
	changed := 0
	for i := range rs {
		if rs[i].String() != ss[i].String() {
			changed++
		}
		pairs = append(pairs, pair{rs[i], ss[i], fmt.Sprintf("pattern %d: %v", i, rs[i])})
	}
	if u := proveEqual(t, s, raw, pairs, 1); u > 0 {
		t.Errorf("%d unknown", u)
	}
	t.Logf("%d rewrite patterns (%d rewritten) proved", len(pairs), changed)
}
