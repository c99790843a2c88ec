package smtlib

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/prbmc/prbmc/verifier/smt"
	"github.com/prbmc/prbmc/verifier/smt/internal/termgen"
	"github.com/prbmc/prbmc/verifier/smt/z3"
)

// The pipe backend is checked against the cgo z3 backend (the reference)
// on random constraints of the kind the simplifier tests draw
// (internal/termgen: Boolean, bit-vector, array and float terms over a
// few free constants). For each constraint both must agree on sat/unsat;
// when it is sat, the pipe's model is checked by the reference: with every
// free constant fixed to the pipe's value the constraint must be sat in
// z3, and the values the pipe's Model.Eval gives for the constants and for
// a sample of subterms (FPToBits, selects, …) must equal z3's under the
// same assignment. That exercises the writer, the value parser and
// model completion on both solvers.

// diffTerms is the number of random constraints per backend. Every
// constraint costs up to four checks in two solvers after a push (z3's
// incremental core) and about ten get-value round trips: 25-35 ms on this
// shared 2-core machine. So the default is 500 Boolean/BV/array and 100
// float constraints, 15-20 s a backend, like the 600 terms of z3's
// simplifier test; -short runs a tenth, and PRBMC_DIFF_SCALE=k runs k times
// the default (k=5: 3,000 a backend, about 1m40s each, all agreeing; see
// README).
const diffTerms, diffFPTerms = 500, 100

func TestDifferentialAgainstZ3(t *testing.T) {
	forEach(t, func(t *testing.T, opts Options) {
		scale := 1.0
		if testing.Short() {
			scale = 0.1
		}
		if env := os.Getenv("PRBMC_DIFF_SCALE"); env != "" {
			k, err := strconv.ParseFloat(env, 64)
			if err != nil || k <= 0 {
				t.Fatalf("PRBMC_DIFF_SCALE=%q: want a positive number", env)
			}
			scale = k
		}
		n, nfp := int(diffTerms*scale), int(diffFPTerms*scale)
		ref, err := z3.New(z3.Options{})
		must(t, err)
		defer ref.Close()
		pipe := newSolver(t, opts, "")
		b := smt.NewBuilder()
		var stats struct{ sat, unsat, unknown, inexpressible, evals int }
		start := time.Now()
		for i := 0; i < n+nfp; i++ {
			seed := int64(1000 + i)
			g := termgen.New(b, rand.New(rand.NewSource(seed)))
			var c *smt.Term
			switch {
			case i >= n && i%2 == 0:
				c = g.FPBool(3)
			case i >= n:
				// A float term equal to a constant: a model must
				// produce that exact pattern.
				c = b.Eq(b.FPToBits(g.FP(3)), b.FPToBits(g.FP(0)))
			default:
				c = g.Bool(4)
			}
			what := fmt.Sprintf("seed %d: %v", seed, c)
			rr := checkOne(t, ref, c, nil)
			if rr == smt.Unknown {
				stats.unknown++
				continue
			}
			must(t, pipe.Push())
			if err := pipe.Assert(c); errors.Is(err, errConstArray) {
				// cvc5: a constant array of a symbolic element.
				stats.inexpressible++
				must(t, pipe.Pop(1))
				continue
			} else {
				must(t, err)
			}
			pr := checkOne(t, pipe, nil, nil)
			if pr == smt.Unknown {
				stats.unknown++
				must(t, pipe.Pop(1))
				continue
			}
			if pr != rr {
				t.Errorf("%s: pipe says %v, z3 says %v", what, pr, rr)
				must(t, pipe.Pop(1))
				continue
			}
			if pr == smt.Unsat {
				stats.unsat++
				must(t, pipe.Pop(1))
				continue
			}
			stats.sat++
			stats.evals += compareModel(t, what, b, pipe, ref, c, rand.New(rand.NewSource(seed)))
			must(t, pipe.Pop(1))
		}
		t.Logf("%d constraints (%d sat, %d unsat, %d unknown, %d not expressible), %d values compared, in %v",
			n+nfp, stats.sat, stats.unsat, stats.unknown, stats.inexpressible, stats.evals, time.Since(start).Round(time.Millisecond))
		if stats.unknown > (n+nfp)/100 {
			t.Errorf("too many unknowns: %d", stats.unknown)
		}
	})
}

// checkOne checks c (if not nil) in a scope of its own, with a deadline
// that makes a stuck check Unknown rather than a hung test.
func checkOne(t *testing.T, s smt.Solver, c *smt.Term, fixed []*smt.Term) smt.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if c != nil {
		must(t, s.Push())
		defer func() { must(t, s.Pop(1)) }()
		must(t, s.Assert(c))
	}
	r, err := s.Check(ctx, fixed...)
	must(t, err)
	return r
}

// compareModel reads the pipe's values of c's free constants and of a
// sample of its subterms and checks them in the reference, returning the
// number of values compared.
func compareModel(t *testing.T, what string, b *smt.Builder, pipe *Solver, ref smt.Solver, c *smt.Term, r *rand.Rand) int {
	t.Helper()
	m, err := pipe.Model()
	must(t, err)
	vars, subs := varsAndSubterms(c)
	if v, err := m.Eval(c); err != nil || !v.Bool() {
		t.Errorf("%s: the pipe's model evaluates the constraint to %v, %v", what, v, err)
		return 0
	}
	// A sample of subterms: all of them would make the test slow.
	r.Shuffle(len(subs), func(i, j int) { subs[i], subs[j] = subs[j], subs[i] })
	subs = subs[:min(len(subs), 6)]
	pv := map[*smt.Term]smt.Value{}
	var fix []*smt.Term
	for _, x := range append(vars, subs...) {
		v, err := m.Eval(x)
		if err != nil {
			t.Errorf("%s: eval %v: %v", what, x, err)
			return 0
		}
		pv[x] = v
	}
	for _, x := range vars {
		fix = append(fix, b.Eq(x, b.Const(pv[x])))
	}
	must(t, ref.Push())
	defer func() { must(t, ref.Pop(1)) }()
	must(t, ref.Assert(c))
	must(t, ref.Assert(b.And(fix...)))
	if res := checkOne(t, ref, nil, nil); res != smt.Sat {
		t.Errorf("%s: z3 says %v to the pipe's model %v", what, res, fix)
		return 0
	}
	rm, err := ref.Model()
	must(t, err)
	for _, x := range append(vars, subs...) {
		want, err := rm.Eval(x)
		must(t, err)
		if !sameValue(pv[x], want) {
			t.Errorf("%s: %v is %v in the pipe's model, %v in z3 under the same assignment", what, x, pv[x], want)
		}
	}
	return len(vars) + len(subs)
}

// varsAndSubterms returns the free constants under c and its other
// non-constant subterms.
func varsAndSubterms(c *smt.Term) (vars, subs []*smt.Term) {
	seen := map[*smt.Term]bool{}
	var walk func(t *smt.Term)
	walk = func(t *smt.Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch {
		case t.Op() == smt.OpVar:
			vars = append(vars, t)
		case t.Op() != smt.OpConst && t != c && !unspecified(t):
			subs = append(subs, t)
		}
		for i := 0; i < t.NumArgs(); i++ {
			walk(t.Arg(i))
		}
	}
	walk(c)
	return vars, subs
}

// sameValue compares values; arrays over small index sorts are compared
// at every index, as two solvers may describe one array differently.
func sameValue(a, b smt.Value) bool {
	s := a.Sort()
	if s == nil || !s.IsArray() || !s.Equal(b.Sort()) || s.Index().Width() > 8 || !s.Index().IsBV() {
		return a.Equal(b)
	}
	w := s.Index().Width()
	for i := uint64(0); i < 1<<w; i++ {
		idx := smt.BVValue(smt.NewBitVec(w, i))
		if !sameValue(a.Array().Select(idx), b.Array().Select(idx)) {
			return false
		}
	}
	return true
}

// unspecified reports whether t's value may depend on a choice SMT-LIB
// leaves to the solver: fp.to_sbv and fp.to_ubv of NaN, infinities and
// out-of-range values are unspecified, and two solvers (or two z3
// contexts) pick differently under the same assignment.
func unspecified(t *smt.Term) bool {
	if t.Op() == smt.OpFPToSBV || t.Op() == smt.OpFPToUBV {
		return true
	}
	for i := 0; i < t.NumArgs(); i++ {
		if unspecified(t.Arg(i)) {
			return true
		}
	}
	return false
}
